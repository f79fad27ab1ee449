// Package reasons holds one write for each reason the fate of a Conflict
// can be unknown: each is quiet in the default mode (see proof/controller)
// and reported with -unretriedupdate.debug=unknown, naming the construct.
package reasons

import (
	"context"
	"log"
	"strings"
	"time"

	"proof/lib"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
	Requeuer Requeuer
	Ignore   func(error) bool
}

// Requeuer is a project's scheduler, seen only as an interface.
type Requeuer interface {
	After(d time.Duration) (ctrl.Result, error)
}

// named tests the message's name part, which is open.
func (r *Reconciler) named(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update may be lost: a test of the error that cannot be decided on a Conflict at line 33 \(undecided-test\)`
		if strings.Contains(err.Error(), `configmaps "settings"`) {
			log.Printf("settings: %v", err)
			return nil
		}
		return err
	}
	return nil
}

// funcValue tests the error with a function held in a field.
func (r *Reconciler) funcValue(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update may be lost: a test of the error that cannot be decided on a Conflict at line 45 \(undecided-test\)`
		if r.Ignore(err) {
			return nil
		}
		return err
	}
	return nil
}

// otherResult tests the result the helper returns with its failure.
func (r *Reconciler) otherResult(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if res, err := lib.HandleCRDeletionMaybe(ctx, r.Client, cm); res != nil { // want `conflict from lib.HandleCRDeletionMaybe may be lost: a test of another result of the failing call at line 55 \(other-result-test\)`
		return *res, err
	}
	return ctrl.Result{}, nil
}

// interfaceResult returns what an interface's method answers.
func (r *Reconciler) interfaceResult(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update may be lost: a result returned from a call the model has no fact for at line 64 \(result-without-fact\)`
		return r.Requeuer.After(time.Minute)
	}
	return ctrl.Result{}, nil
}
