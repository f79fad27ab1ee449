// Package boundedretry writes a status in a loop of attempts that reads
// the object again before each one and gives up with its own error (as
// oracle-database-operator's RAC controller does): the Conflict is
// retried, and the caller that only logs the final error loses nothing
// RetryOnConflict would not.
package boundedretry

import (
	"context"
	"fmt"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

// setPhase copies the version of a fresh read into its object before each
// attempt.
func (r *Reconciler) setPhase(ctx context.Context, cm *corev1.ConfigMap) error {
	const maxRetries = 3
	for attempt := 0; attempt < maxRetries; attempt++ {
		latest := &corev1.ConfigMap{}
		if err := r.Get(ctx, client.ObjectKeyFromObject(cm), latest); err != nil {
			return err
		}
		latest.Data = cm.Data // the turn's copy takes the change, the object the version
		cm.ResourceVersion = latest.ResourceVersion
		if err := r.Update(ctx, cm); err != nil {
			if apierrors.IsConflict(err) {
				time.Sleep(time.Second)
				continue
			}
			return err
		}
		return nil
	}
	return fmt.Errorf("failed to set the phase after %d retries", maxRetries)
}

// setPhaseAfter re-reads after each Conflict, and returns the last one
// wrapped when its attempts run out.
func (r *Reconciler) setPhaseAfter(ctx context.Context, cm *corev1.ConfigMap) error {
	var lastErr error
	for attempt := 1; attempt <= 5; attempt++ {
		err := r.Update(ctx, cm)
		if err == nil {
			return nil
		}
		if apierrors.IsConflict(err) {
			lastErr = err
			latest := &corev1.ConfigMap{}
			if getErr := r.Get(ctx, client.ObjectKeyFromObject(cm), latest); getErr != nil {
				return getErr
			}
			cm.ResourceVersion = latest.ResourceVersion
			continue
		}
		return err
	}
	return fmt.Errorf("update failed after retries: %w", lastErr)
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data["phase"] = "Ready"
	if err := r.setPhase(ctx, &cm); err != nil { // ok: retried, then given up
		log.Printf("set phase: %v", err)
	}
	if err := r.setPhaseAfter(ctx, &cm); err != nil { // ok: retried, then given up
		log.Printf("set phase: %v", err)
	}
	return ctrl.Result{}, nil
}
