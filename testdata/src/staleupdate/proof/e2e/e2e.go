// Package e2e updates a Deployment that the framework of another package
// built and created: it never holds a resourceVersion, so each Update is
// unconditional and none can send a stale one.
package e2e

import (
	"context"

	"github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"

	"staleupdate/proof/fw"
)

func imageRollout(c kubernetes.Interface, tester *fw.Tester, ns string) {
	deployment := tester.NewBaseDeployment(ns)
	tester.CreateDeployment(deployment)

	deployment.Spec.Template.Spec.Containers[0].Image = "invalid"
	_, err := c.AppsV1().Deployments(deployment.Namespace).Update(context.TODO(), deployment, metav1.UpdateOptions{})
	gomega.Expect(err).NotTo(gomega.HaveOccurred())

	pods, err := tester.GetSelectorPods(deployment.Namespace, deployment.Spec.Selector)
	gomega.Expect(err).NotTo(gomega.HaveOccurred())
	gomega.Expect(pods).To(gomega.Equal(2))

	deployment.Spec.Template.Spec.Containers[0].Image = "nginx:2"
	_, err = c.AppsV1().Deployments(deployment.Namespace).Update(context.TODO(), deployment, metav1.UpdateOptions{}) // ok: no resourceVersion, an unconditional update
	gomega.Expect(err).NotTo(gomega.HaveOccurred())
	tester.WaitForDeploymentRunning(deployment)
}
