// Package framework is an e2e test framework that uses the client: a
// tester builds the objects it deploys with constructor methods and creates
// them through a typed clientset, the way operators' e2e frameworks do.
// Its constructors export a FreshBuildFact and its create helpers a
// KeepsVersionFact.
package framework

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Tester deploys workloads for a test.
type Tester struct {
	kc kubernetes.Interface
	c  client.Client
	ns string
}

// NewBaseDeployment builds a Deployment without a resourceVersion.
func (t *Tester) NewBaseDeployment(name string) *appsv1.Deployment {
	return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: t.ns}}
}

// NewLabeledDeployment builds one through another constructor.
func (t *Tester) NewLabeledDeployment(name string) *appsv1.Deployment {
	d := t.NewBaseDeployment(name)
	d.Labels = map[string]string{"app": name}
	return d
}

// CreateDeployment creates d and drops the stored copy: d keeps no
// resourceVersion.
func (t *Tester) CreateDeployment(d *appsv1.Deployment) error {
	_, err := t.kc.AppsV1().Deployments(t.ns).Create(context.TODO(), d, metav1.CreateOptions{})
	return err
}

// CreateAndWait creates d and then reads it back into d.
func (t *Tester) CreateAndWait(d *appsv1.Deployment) error {
	if _, err := t.kc.AppsV1().Deployments(t.ns).Create(context.TODO(), d, metav1.CreateOptions{}); err != nil {
		return err
	}
	return t.c.Get(context.TODO(), client.ObjectKeyFromObject(d), d)
}

// CreateWithClient creates d with controller-runtime, which decodes the
// stored object, resourceVersion included, into d.
func (t *Tester) CreateWithClient(d *appsv1.Deployment) error {
	return t.c.Create(context.TODO(), d)
}

// GetDeployment reads a Deployment.
func (t *Tester) GetDeployment(name string) (*appsv1.Deployment, error) {
	return t.kc.AppsV1().Deployments(t.ns).Get(context.TODO(), name, metav1.GetOptions{})
}
