// Package machine reduces a state-machine controller: each state's handler
// answers with an actionResult, an interface; a failure travels inside
// actionError, handlers rewrite a few result types and return the rest,
// and Reconcile takes the error out with Result().
package machine

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type actionResult interface {
	Result() (ctrl.Result, error)
}

type actionContinue struct{ delay time.Duration }

func (a actionContinue) Result() (ctrl.Result, error) { return ctrl.Result{RequeueAfter: a.delay}, nil }

type actionComplete struct{}

func (actionComplete) Result() (ctrl.Result, error) { return ctrl.Result{}, nil }

type actionError struct{ err error }

func (a actionError) Result() (ctrl.Result, error) { return ctrl.Result{}, a.err }

type Reconciler struct {
	client.Client
	next string
}

// actionDeprovisioning writes the host and hands a failure on in the result.
func (r *Reconciler) actionDeprovisioning(ctx context.Context, cm *corev1.ConfigMap) actionResult {
	cm.Data["state"] = "deprovisioning"
	if err := r.Update(ctx, cm); err != nil { // ok: returned inside actionError
		return actionError{err}
	}
	return actionComplete{}
}

// handleDeprovisioning switches on the result types it rewrites and
// returns the rest unchanged.
func (r *Reconciler) handleDeprovisioning(ctx context.Context, cm *corev1.ConfigMap) actionResult {
	if cm.Annotations["detached"] != "" {
		if err := r.Status().Update(ctx, cm); err != nil { // ok: returned inside actionError
			return actionError{err}
		}
	}
	actResult := r.actionDeprovisioning(ctx, cm) // ok: the result is returned unchanged unless complete
	switch actResult.(type) {
	case actionComplete:
		r.next = "available"
		return actionContinue{time.Second}
	}
	return actResult
}

// handleLost drops the result of its step: the loss is here.
func (r *Reconciler) handleLost(ctx context.Context, cm *corev1.ConfigMap) actionResult {
	if actResult := r.actionDeprovisioning(ctx, cm); actResult != nil { // want `conflict from r.actionDeprovisioning cannot be returned by handleLost: requeue the object, or re-read cm inside retry.RetryOnConflict`
		log.Print("deprovisioned")
	}
	return actionComplete{}
}

// Reconcile runs the handler of the current state.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, err
	}
	result := r.handleDeprovisioning(ctx, cm) // ok: its error is taken out and returned
	return result.Result()
}
