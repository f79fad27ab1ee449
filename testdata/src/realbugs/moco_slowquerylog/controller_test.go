package moco_slowquerylog

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var k8sClient client.Client

var _ = Describe("MySQLCluster reconciler (before the fix)", func() {
	ctx := context.Background()
	It("should reconcile the slow query log container", func() {
		cluster := &MySQLCluster{}
		err := k8sClient.Get(ctx, client.ObjectKey{Namespace: "test", Name: "test"}, cluster)
		Expect(err).NotTo(HaveOccurred())
		cluster.Spec.DisableSlowQueryLogContainer = true
		err = k8sClient.Update(ctx, cluster) // realbug: unretriedupdate miss=default "writes in _test.go files are skipped (inTestFile), so strict mode does not see the gomega-surfaced error either"
		Expect(err).NotTo(HaveOccurred())
	})
})

var _ = Describe("MySQLCluster reconciler (after the fix)", func() {
	ctx := context.Background()
	It("should reconcile the slow query log container", func() {
		var cluster *MySQLCluster
		err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
			cluster = &MySQLCluster{}
			if err := k8sClient.Get(ctx, client.ObjectKey{Namespace: "test", Name: "test"}, cluster); err != nil {
				return err
			}
			cluster.Spec.DisableSlowQueryLogContainer = true
			return k8sClient.Update(ctx, cluster)
		})
		Expect(err).NotTo(HaveOccurred())
	})
})
