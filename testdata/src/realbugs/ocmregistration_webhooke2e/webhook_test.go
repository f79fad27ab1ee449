package ocmregistration_webhooke2e

import (
	"context"

	"github.com/onsi/ginkgo/v2"
	"github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
)

var (
	clusterClient Interface
	clusterName   = "e2e-cluster"
	invalidURL    = "htp://invalid"
)

var _ = ginkgo.Describe("Managed cluster admission hook (before the fix)", func() {
	ginkgo.It("Should respond bad request when updating a managed cluster with invalid external server URLs", func() {
		managedCluster, err := clusterClient.ClusterV1().ManagedClusters().Get(context.TODO(), clusterName, metav1.GetOptions{})
		gomega.Expect(err).NotTo(gomega.HaveOccurred())

		managedCluster.Spec.ManagedClusterClientConfigs[0].URL = invalidURL

		err = retry.RetryOnConflict(retry.DefaultRetry, func() error {
			_, err = clusterClient.ClusterV1().ManagedClusters().Update(context.TODO(), managedCluster, metav1.UpdateOptions{}) // realbug: retryreget
			return err
		})
		gomega.Expect(err).To(gomega.HaveOccurred())
	})
})

var _ = ginkgo.Describe("Managed cluster admission hook (after the fix)", func() {
	ginkgo.It("Should respond bad request when updating a managed cluster with invalid external server URLs", func() {
		err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
			managedCluster, err := clusterClient.ClusterV1().ManagedClusters().Get(context.TODO(), clusterName, metav1.GetOptions{})
			gomega.Expect(err).NotTo(gomega.HaveOccurred())

			managedCluster.Spec.ManagedClusterClientConfigs[0].URL = invalidURL
			_, err = clusterClient.ClusterV1().ManagedClusters().Update(context.TODO(), managedCluster, metav1.UpdateOptions{})
			return err
		})
		gomega.Expect(err).To(gomega.HaveOccurred())
	})
})
