package controller

import (
	"context"
	"log"

	"proof/lib"

	pkgerrors "github.com/pkg/errors"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
)

// claim takes ownership and lets a Conflict go: whoever wrote first owns
// the object, and that write may wake this controller again (a datastore's
// own name for IsConflict, of pkg/errors' Cause). Nothing here writes
// again: a heal at best, reported with its grade like trigger's below.
func (r *Reconciler) claim(ctx context.Context, cm *corev1.ConfigMap, id string) error {
	if cm.Labels["owner"] != id {
		cm.Labels["owner"] = id
		var err error
		cm, err = lib.UpdateStatus(ctx, r.Client, cm) // want `conflict from lib.UpdateStatus is swallowed: return it, or re-read cm inside retry.RetryOnConflict; lost for good`
		if err != nil {
			if lib.ErrorIsConflict(pkgerrors.Cause(err)) {
				return nil
			}
			return err
		}
	}
	return nil
}

// trigger asks another controller to sync now and lets a Conflict go past
// `err != nil && !IsConflict(err)`. Here a Conflict means someone else just
// changed the object, which does the same; but the same guard in front of a
// spec update loses the update (superedge's deploymentgrid in the real-bug
// set), and which one a write is the model cannot tell: still reported.
func (r *Reconciler) trigger(ctx context.Context, cm *corev1.ConfigMap) error {
	cm.Annotations["sync-requested-at"] = "now"
	if _, err := lib.UpdateStatus(ctx, r.Client, cm); err != nil && !apierrors.IsConflict(pkgerrors.Cause(err)) { // want `conflict from lib.UpdateStatus is swallowed: return it, or re-read cm inside retry.RetryOnConflict`
		log.Printf("request sync: %v", err)
		return err
	}
	return nil
}

// transientDropped lets go of every transient error: a Conflict is one, but the
// test is not a Conflict's own, so the drop is not a choice about it.
func (r *Reconciler) transientDropped(ctx context.Context, cm *corev1.ConfigMap) error {
	if _, err := lib.UpdateStatus(ctx, r.Client, cm); err != nil { // want `conflict from lib.UpdateStatus is swallowed: return it, or re-read cm inside retry.RetryOnConflict`
		if lib.IsTransient(err) {
			return nil
		}
		return err
	}
	return nil
}

// budget lets a failure go past its guard once the budget is spent,
// whatever it is: not only Conflicts pass it.
func (r *Reconciler) budget(ctx context.Context, cm *corev1.ConfigMap, tries int) error {
	if _, err := lib.UpdateStatus(ctx, r.Client, cm); tries < 3 && !apierrors.IsConflict(err) { // want `conflict from lib.UpdateStatus is swallowed: return it, or re-read cm inside retry.RetryOnConflict`
		return err
	}
	return nil
}
