// Package e2e updates objects that package framework builds and creates:
// built by constructor methods of another package and created through
// helpers that leave them alone, they carry no resourceVersion, and the
// API server updates them unconditionally.
package e2e

import (
	"context"
	"log"

	"builders/framework"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

func scale(c kubernetes.Interface, tester *framework.Tester) {
	d := tester.NewBaseDeployment("a")
	if err := tester.CreateDeployment(d); err != nil {
		return
	}
	n := int32(3)
	d.Spec.Replicas = &n
	if _, err := c.AppsV1().Deployments("ns").Update(context.TODO(), d, metav1.UpdateOptions{}); err != nil { // ok: built by a constructor method, created by a helper that keeps no version
		log.Print(err)
	}
}

func scaleCreatedHere(c kubernetes.Interface, tester *framework.Tester) {
	d := tester.NewLabeledDeployment("a")
	if _, err := c.AppsV1().Deployments("ns").Create(context.TODO(), d, metav1.CreateOptions{}); err != nil {
		return
	}
	if _, err := c.AppsV1().Deployments("ns").Update(context.TODO(), d, metav1.UpdateOptions{}); err != nil { // ok: a typed Create leaves d without a version
		log.Print(err)
	}
}

func scaleAfterRead(c kubernetes.Interface, tester *framework.Tester) {
	d := tester.NewBaseDeployment("a")
	if err := tester.CreateAndWait(d); err != nil {
		return
	}
	if _, err := c.AppsV1().Deployments("ns").Update(context.TODO(), d, metav1.UpdateOptions{}); err != nil { // want `conflict from Deployments\("ns"\).Update cannot be returned by scaleAfterRead: re-read d inside retry.RetryOnConflict`
		log.Print(err)
	}
}

func scaleAfterDecodingCreate(c kubernetes.Interface, tester *framework.Tester) {
	d := tester.NewBaseDeployment("a")
	if err := tester.CreateWithClient(d); err != nil {
		return
	}
	if _, err := c.AppsV1().Deployments("ns").Update(context.TODO(), d, metav1.UpdateOptions{}); err != nil { // want `conflict from Deployments\("ns"\).Update cannot be returned by scaleAfterDecodingCreate: requeue the object, or re-read d inside retry.RetryOnConflict`
		log.Print(err)
	}
}

// Reconciler builds its desired objects with methods, as operators do.
type Reconciler struct {
	kc kubernetes.Interface
	ns string
}

// newDeployment builds the desired Deployment.
func (r *Reconciler) newDeployment(name string) *appsv1.Deployment {
	return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: r.ns}}
}

// create creates d with the typed client and keeps no stored copy.
func (r *Reconciler) create(ctx context.Context, d *appsv1.Deployment) error {
	_, err := r.kc.AppsV1().Deployments(r.ns).Create(ctx, d, metav1.CreateOptions{})
	return err
}

// sameSpec compares two Deployments.
func (r *Reconciler) sameSpec(a, b *appsv1.Deployment) bool {
	return a.Name == b.Name && a.Spec.Replicas == b.Spec.Replicas
}

// adopt gives d the live object's version.
func (r *Reconciler) adopt(d, live *appsv1.Deployment) {
	d.ResourceVersion = live.ResourceVersion
}

func (r *Reconciler) sync(ctx context.Context, live *appsv1.Deployment) {
	d := r.newDeployment("a")
	if err := r.create(ctx, d); err != nil {
		return
	}
	if r.sameSpec(live, d) {
		return
	}
	if _, err := r.kc.AppsV1().Deployments(r.ns).Update(ctx, d, metav1.UpdateOptions{}); err != nil { // ok: a method builds d fresh, and neither helper gives it a version
		log.Print(err)
	}
}

func (r *Reconciler) syncAdopted(ctx context.Context, live *appsv1.Deployment) {
	d := r.newDeployment("a")
	r.adopt(d, live)
	if _, err := r.kc.AppsV1().Deployments(r.ns).Update(ctx, d, metav1.UpdateOptions{}); err != nil { // want `conflict from Deployments\(r.ns\).Update cannot be returned by syncAdopted: re-read d inside retry.RetryOnConflict`
		log.Print(err)
	}
}

// scaleCopy is a reduction of kruise's e2e: a deep copy of a fresh object
// is fresh too.
func scaleCopy(c kubernetes.Interface, tester *framework.Tester) {
	base := tester.NewBaseDeployment("a")
	d := base.DeepCopy()
	d.Name = "b"
	if err := tester.CreateDeployment(d); err != nil {
		return
	}
	if _, err := c.AppsV1().Deployments("ns").Update(context.TODO(), d, metav1.UpdateOptions{}); err != nil { // ok: a deep copy of a fresh object, created by a helper that keeps no version
		log.Print(err)
	}
}

func scaleCopyOfRead(c kubernetes.Interface, tester *framework.Tester) {
	base, err := tester.GetDeployment("a")
	if err != nil {
		return
	}
	d := base.DeepCopy()
	if _, err := c.AppsV1().Deployments("ns").Update(context.TODO(), d, metav1.UpdateOptions{}); err != nil { // want `conflict from Deployments\("ns"\).Update cannot be returned by scaleCopyOfRead: re-read d inside retry.RetryOnConflict`
		log.Print(err)
	}
}
