// Package fw is an e2e framework in a package of its own: a tester whose
// method builds a Deployment without a resourceVersion, and a create
// helper that hands it to a typed Create (which leaves its argument as it
// was) and waits on a copy it reads itself.
package fw

import (
	"context"
	"time"

	"github.com/onsi/gomega"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"
)

// Tester drives a cluster for the tests.
type Tester struct {
	C kubernetes.Interface
}

// NewBaseDeployment returns the test's Deployment, never stored yet.
func (t *Tester) NewBaseDeployment(namespace string) *appsv1.Deployment {
	replicas := int32(2)
	return &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: "webserver", Namespace: namespace},
		Spec: appsv1.DeploymentSpec{
			Replicas: &replicas,
			Template: appsv1.PodTemplateSpec{Spec: corev1.PodSpec{Containers: []corev1.Container{{Image: "nginx"}}}},
		},
	}
}

// GetSelectorPods counts the objects that selector matches.
func (t *Tester) GetSelectorPods(namespace string, selector *metav1.LabelSelector) (int, error) {
	list, err := t.C.CoreV1().ConfigMaps(namespace).List(context.TODO(), metav1.ListOptions{})
	if err != nil {
		return 0, err
	}
	_ = selector.MatchLabels
	return len(list.Items), nil
}

// CreateDeployment creates d and waits until it runs; d itself is not
// changed.
func (t *Tester) CreateDeployment(d *appsv1.Deployment) {
	_, err := t.C.AppsV1().Deployments(d.Namespace).Create(context.TODO(), d, metav1.CreateOptions{})
	gomega.Expect(err).NotTo(gomega.HaveOccurred())
	t.WaitForDeploymentRunning(d)
}

// WaitForDeploymentRunning polls a copy of d read from the server.
func (t *Tester) WaitForDeploymentRunning(d *appsv1.Deployment) {
	err := wait.PollUntilContextTimeout(context.TODO(), time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		inner, err := t.C.AppsV1().Deployments(d.Namespace).Get(ctx, d.Name, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		return inner.Status.ReadyReplicas == *inner.Spec.Replicas, nil
	})
	gomega.Expect(err).NotTo(gomega.HaveOccurred())
}
