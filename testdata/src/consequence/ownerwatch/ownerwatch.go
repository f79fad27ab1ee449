// Package ownerwatch grades lost Conflicts of objects a reconciler owns.
// An owner watch maps an owned object's event to its controller owner
// only (Owns, EnqueueRequestForOwner with OnlyControllerOwner): a
// reconciler that gives the kind only plain owner references
// (SetOwnerReference) is not their controller, and their change does not
// run it again. MatchEveryOwner maps to every owner.
package ownerwatch

import (
	"context"
	"log"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// Sharing adds itself as one more owner of a shared ConfigMap, and watches
// ConfigMaps for their controller owner only: the other owner's change
// that caused the Conflict does not reach it (openyurt's platform admins).
type Sharing struct{ client.Client }

func (r *Sharing) add(mgr manager.Manager, c cache.Cache) error {
	ctl, err := controller.New("sharing", mgr, controller.Options{Reconciler: r})
	if err != nil {
		return err
	}
	return ctl.Watch(source.Kind(c, &corev1.ConfigMap{}, handler.EnqueueRequestForOwner(nil, nil, &corev1.Secret{}, handler.OnlyControllerOwner())))
}

func (r *Sharing) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var owner corev1.Secret
	if err := r.Get(ctx, req.NamespacedName, &owner); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	_ = controllerutil.SetOwnerReference(&owner, &cm, nil)
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update of cm is only logged: return it; lost for good`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}

// Controlling makes itself the ConfigMap's controller: the same watch
// brings the other writer's change back to it.
type Controlling struct{ client.Client }

func (r *Controlling) add(mgr manager.Manager, c cache.Cache) error {
	ctl, err := controller.New("controlling", mgr, controller.Options{Reconciler: r})
	if err != nil {
		return err
	}
	return ctl.Watch(source.Kind(c, &appsv1.Deployment{}, handler.EnqueueRequestForOwner(nil, nil, &corev1.Secret{}, handler.OnlyControllerOwner())))
}

func (r *Controlling) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var owner corev1.Secret
	if err := r.Get(ctx, req.NamespacedName, &owner); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	_ = controllerutil.SetControllerReference(&owner, &d, nil)
	if err := r.Update(ctx, &d); err != nil { // want `conflict from r.Update of d is only logged: return it; lost until the next event`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}

// OwnsShared gives Services plain owner references and watches them with
// Owns, which maps to the controller owner only.
type OwnsShared struct{ client.Client }

func (r *OwnsShared) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Namespace{}).Owns(&corev1.Service{}).Complete(r)
}

func (r *OwnsShared) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var ns corev1.Namespace
	if err := r.Get(ctx, req.NamespacedName, &ns); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var svc corev1.Service
	if err := r.Get(ctx, req.NamespacedName, &svc); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	_ = controllerutil.SetOwnerReference(&ns, &svc, nil)
	if err := r.Update(ctx, &svc); err != nil { // want `conflict from r.Update of svc is only logged: return it; lost for good`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}

// EveryOwner watches Pods with MatchEveryOwner: a plain owner is run again.
type EveryOwner struct{ client.Client }

func (r *EveryOwner) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Node{}).Owns(&corev1.Pod{}, builder.MatchEveryOwner).Complete(r)
}

func (r *EveryOwner) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var node corev1.Node
	if err := r.Get(ctx, req.NamespacedName, &node); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	_ = controllerutil.SetOwnerReference(&node, &pod, nil)
	if err := r.Update(ctx, &pod); err != nil { // want `conflict from r.Update of pod is only logged: return it; lost until the next event`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}
