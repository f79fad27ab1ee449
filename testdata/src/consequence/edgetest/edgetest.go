// Package edgetest grades lost Conflicts of writes behind an edge test: a
// comparison of the live object with the desired one that the same
// reconcile then writes (RabbitMQ's scale-from-zero annotation, removed
// only when the StatefulSet goes from zero replicas to some, before the
// StatefulSet is scaled). Once the desired object is written the two
// agree, and the next reconcile, on any event, skips the branch: a write
// lost there is lost for good. Beside it, the level tests the next
// reconcile repeats keep their watch's grade: a test of the written object
// alone, a comparison whose desired object is never written after it, a
// write of the compared kind itself, and a helper also called unguarded.
package edgetest

import (
	"context"
	"log"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

const beforeZero = "example.com/before-zero"

// Scaler scales a Deployment from a ConfigMap's wish, which it watches.
type Scaler struct{ client.Client }

func (r *Scaler) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

// fromZero compares the live replicas with the desired ones.
func fromZero(current, desired *appsv1.Deployment) bool {
	return *current.Spec.Replicas == 0 && *desired.Spec.Replicas > 0
}

// Reconcile drops the annotation only on a scale from zero, then scales.
func (r *Scaler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var current appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &current); err != nil {
		return ctrl.Result{}, err
	}
	desired := desiredOf(&cm)
	if fromZero(&current, desired) {
		r.dropAnnotation(ctx, &cm)
	}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, desired, func() error {
		desired.Labels = cm.Labels
		return nil
	}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// dropAnnotation runs only behind Reconcile's edge test.
func (r *Scaler) dropAnnotation(ctx context.Context, cm *corev1.ConfigMap) {
	if _, ok := cm.Annotations[beforeZero]; ok {
		delete(cm.Annotations, beforeZero)
		if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update cannot be returned by dropAnnotation: re-read cm after a conflict in retry.RetryOnConflict; lost for good`
			log.Printf("drop annotation: %v", err)
		}
	}
}

func desiredOf(cm *corev1.ConfigMap) *appsv1.Deployment {
	replicas := int32(len(cm.Data))
	d := &appsv1.Deployment{}
	d.Name, d.Namespace = cm.Name, cm.Namespace
	d.Spec.Replicas = &replicas
	return d
}

// Inline is Scaler with the guarded write in Reconcile itself, the
// desired object reached through a type assertion.
type Inline struct{ client.Client }

func (r *Inline) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

func (r *Inline) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var obj client.Object = desiredOf(&cm)
	desired := obj.(*appsv1.Deployment)
	var current appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &current); err != nil {
		return ctrl.Result{}, err
	}
	if *current.Spec.Replicas != *desired.Spec.Replicas {
		cm.Annotations["scaling"] = "true"
		if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update is only logged: return it, or re-read cm inside retry.RetryOnConflict; lost for good`
			log.Printf("mark scaling: %v", err)
		}
	}
	if err := r.Update(ctx, obj); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Level tests only the object it writes: the next reconcile tests again.
type Level struct{ client.Client }

func (r *Level) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

func (r *Level) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, ok := cm.Annotations[beforeZero]; ok {
		delete(cm.Annotations, beforeZero)
		if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update .*lost until the next event`
			log.Printf("drop annotation: %v", err)
		}
	}
	return ctrl.Result{}, r.Update(ctx, desiredOf(&cm))
}

// Unwritten compares, but never writes the desired object: nothing makes
// the test false but the world, and the next reconcile tests again.
type Unwritten struct{ client.Client }

func (r *Unwritten) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

func (r *Unwritten) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var current appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &current); err != nil {
		return ctrl.Result{}, err
	}
	if fromZero(&current, desiredOf(&cm)) {
		cm.Annotations["waiting"] = "true"
		if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update .*lost until the next event`
			log.Printf("mark waiting: %v", err)
		}
	}
	return ctrl.Result{}, nil
}

// SameKind writes the compared kind behind the comparison: a failure
// leaves them apart, and the next reconcile writes again (the live object
// written after it changes nothing the test reads).
type SameKind struct{ client.Client }

func (r *SameKind) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Complete(r)
}

func (r *SameKind) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var current appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &current); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := current.DeepCopy()
	replicas := int32(3)
	desired.Spec.Replicas = &replicas
	if fromZero(&current, desired) {
		if err := r.Update(ctx, desired); err != nil { // want `conflict from r.Update .*lost until the next event`
			log.Printf("scale: %v", err)
		}
	}
	current.Labels = map[string]string{"seen": "true"}
	return ctrl.Result{}, r.Update(ctx, &current)
}

// Twice calls its helper behind the edge test and again unguarded: the
// unguarded call runs on every reconcile.
type Twice struct{ client.Client }

func (r *Twice) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

func (r *Twice) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var current appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &current); err != nil {
		return ctrl.Result{}, err
	}
	desired := desiredOf(&cm)
	if fromZero(&current, desired) {
		r.mark(ctx, &cm)
	}
	if err := r.Update(ctx, desired); err != nil {
		return ctrl.Result{}, err
	}
	r.mark(ctx, &cm)
	return ctrl.Result{}, nil
}

func (r *Twice) mark(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Annotations["marked"] = "true"
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update .*lost until the next event`
		log.Printf("mark: %v", err)
	}
}
