package controller

import (
	"context"
	"log"

	"proof/lib"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// mergeOnly calls the helper on its merge-patch branch: no Conflict.
func (r *Reconciler) mergeOnly(ctx context.Context, cm, base *corev1.ConfigMap) {
	if err := lib.PatchOrUpdate(ctx, r.Client, cm, base, true); err != nil { // ok: only the plain merge patch runs
		log.Printf("patch: %v", err)
	}
}

// updateBranch calls it on its Update branch.
func (r *Reconciler) updateBranch(ctx context.Context, cm, base *corev1.ConfigMap) {
	if err := lib.PatchOrUpdate(ctx, r.Client, cm, base, false); err != nil { // want `conflict from lib.PatchOrUpdate cannot be returned by updateBranch: requeue the object, or re-read cm inside retry.RetryOnConflict`
		log.Printf("update: %v", err)
	}
}

// saveLocal is the same helper in this package.
func (r *Reconciler) saveLocal(ctx context.Context, cm, base *corev1.ConfigMap, merge bool) error {
	if !merge {
		return r.Update(ctx, cm)
	}
	return r.Patch(ctx, cm, client.MergeFrom(base))
}

func (r *Reconciler) saveMerged(ctx context.Context, cm, base *corev1.ConfigMap) {
	if err := r.saveLocal(ctx, cm, base, true); err != nil { // ok: only the plain merge patch runs
		log.Printf("patch: %v", err)
	}
	if err := r.saveLocal(ctx, cm, base, false); err != nil { // want `conflict from r.saveLocal cannot be returned by saveMerged: requeue the object, or re-read cm inside retry.RetryOnConflict`
		log.Printf("update: %v", err)
	}
}
