// Package filtered watches ConfigMaps through a predicate that drops
// status-only changes, with no resync in view: a lost write stays lost.
package filtered

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// Filtered watches them through GenerationChangedPredicate, which drops a
// status-only change: the Conflict's cause may never come back as an
// event, and nothing else redoes the write.
type Filtered struct{ client.Client }

func (r *Filtered) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

func (r *Filtered) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data["seen"] = "true"
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update of cm is only logged: return it; lost for good`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}

// EveryOwner owns the Secrets it writes with builder.MatchEveryOwner, an
// option that drops no event: the Conflict's cause runs it again.
type EveryOwner struct{ client.Client }

func (r *EveryOwner) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Owns(&corev1.Secret{}, builder.MatchEveryOwner).
		Complete(r)
}

func (r *EveryOwner) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var s corev1.Secret
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s.Labels = map[string]string{"claimed": "true"}
	if err := r.Update(ctx, &s); err != nil { // want `conflict from r.Update is only logged: re-read s inside retry.RetryOnConflict; lost until the next event`
		log.Printf("claim: %v", err)
	}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data["seen"] = "true"
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update of cm is only logged: return it; lost for good`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}
