// Package controller reduces shapes of current operators where a write's
// failure is handed on by a construct the model has to evaluate: tests of
// the error judged on a concrete Conflict, a project's requeue helper, a
// result tested instead of the error.
package controller

import (
	"context"
	"errors"
	"fmt"
	"log"
	"regexp"
	"strings"
	"time"

	"proof/lib"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct {
	client.Client
}

// quota drops only the errors whose message names a quota: a Conflict's
// message does not, so it reaches the default case and is returned.
func (r *Reconciler) quota(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // ok: the Conflict takes the default case
		switch {
		case strings.Contains(err.Error(), "exceeded quota"):
			log.Printf("quota: %v", err)
		case strings.HasPrefix(err.Error(), "admission webhook"):
			log.Printf("webhook: %v", err)
		default:
			return err
		}
	}
	return nil
}

// modified drops the errors whose message a Conflict has: the drop is proven.
func (r *Reconciler) modified(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update is only logged: return it, or re-read cm inside retry.RetryOnConflict`
		switch {
		case strings.Contains(err.Error(), "the object has been modified"):
			log.Printf("raced: %v", err)
		default:
			return err
		}
	}
	return nil
}

// named matches the resource and name parts of the message, which the
// evaluator leaves open: the test may hold or not, so the drop is not
// proven (strict mode reports it, proof/unknown has the case).
func (r *Reconciler) named(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // ok: unknown, the test depends on the object's name
		if strings.Contains(err.Error(), `configmaps "settings"`) {
			log.Printf("settings: %v", err)
			return nil
		}
		return err
	}
	return nil
}

// sentinel drops only the project's sentinel, which a Conflict is not.
func (r *Reconciler) sentinel(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // ok: errors.Is against another error is false for a Conflict
		if errors.Is(err, lib.ErrTLSNotReady) {
			return nil
		}
		return fmt.Errorf("update: %w", err)
	}
	return nil
}

// asType drops only the project's error type, which a Conflict is not.
func (r *Reconciler) asType(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // ok: a Conflict is no NoDataInSecretError
		var nd lib.NoDataInSecretError
		if errors.As(err, &nd) {
			return nil
		}
		return err
	}
	return nil
}

// asStatus drops what errors.As into a StatusError finds: a Conflict is one.
func (r *Reconciler) asStatus(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update is swallowed: return it, or re-read cm inside retry.RetryOnConflict`
		var se *apierrors.StatusError
		if errors.As(err, &se) {
			return nil
		}
		return err
	}
	return nil
}

// reason recreates only an invalid object; a Conflict's reason differs.
func (r *Reconciler) reason(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // ok: the reason test is false for a Conflict
		statusErr, ok := err.(*apierrors.StatusError)
		if ok && statusErr.ErrStatus.Reason == metav1.StatusReasonInvalid {
			_ = r.Delete(ctx, cm)
			return nil
		}
		return err
	}
	return nil
}

// code drops a 409: that is the Conflict.
func (r *Reconciler) code(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update is swallowed: return it, or re-read cm inside retry.RetryOnConflict`
		if se, ok := err.(*apierrors.StatusError); ok && se.ErrStatus.Code == 409 {
			return nil
		}
		return err
	}
	return nil
}

// exists returns every error but AlreadyExists, through a project helper
// of another package.
func (r *Reconciler) exists(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // ok: lib.ErrorAlreadyExists is false for a Conflict
		if !lib.ErrorAlreadyExists(err) {
			return err
		}
	}
	return nil
}

// transient drops exactly what lib.IsTransient accepts, a Conflict among it.
func (r *Reconciler) transient(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update is swallowed: return it, or re-read cm inside retry.RetryOnConflict`
		if lib.IsTransient(err) {
			return nil
		}
		return err
	}
	return nil
}

// terminal hands on every error but a terminal one.
func (r *Reconciler) terminal(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.Update(ctx, cm); err != nil { // ok: a Conflict is no TerminalError
		if !errors.Is(err, reconcile.TerminalError(nil)) {
			return ctrl.Result{}, err
		}
		log.Printf("terminal: %v", err)
	}
	return ctrl.Result{}, nil
}

var quotaRE = regexp.MustCompile(`exceeded quota: .*`)

// pattern drops what a regular expression matches; a Conflict's message
// does not match this one.
func (r *Reconciler) pattern(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // ok: the pattern cannot match a Conflict's message
		if quotaRE.MatchString(err.Error()) {
			return nil
		}
		return err
	}
	return nil
}

// requeueHelper asks for a requeue through a helper of another package.
func (r *Reconciler) requeueHelper(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.Update(ctx, cm); err != nil { // ok: lib.RequeueAfter returns a requeue on every path
		return lib.RequeueAfter(ctx, 60*time.Second, "")
	}
	return ctrl.Result{}, nil
}

// doneHelper ends the reconcile through a helper that asks for nothing.
func (r *Reconciler) doneHelper(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update is swallowed: return it, or re-read cm inside retry.RetryOnConflict`
		return lib.Done()
	}
	return ctrl.Result{}, nil
}

// deletion tests the result the helper pairs with every failure.
func (r *Reconciler) deletion(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if res, err := lib.HandleCRDeletion(ctx, r.Client, cm); res != nil { // ok: every failure comes with a non-nil result
		return *res, err
	}
	return ctrl.Result{}, nil
}

// terminalWrap gives up on a Conflict: controller-runtime does not requeue
// a terminal error.
func (r *Reconciler) terminalWrap(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update is wrapped in reconcile.TerminalError, so it is never requeued: return it unwrapped, or re-read cm inside retry.RetryOnConflict`
		return ctrl.Result{}, reconcile.TerminalError(err)
	}
	return ctrl.Result{}, nil
}

// Requeuer is a project's scheduler, seen only as an interface.
type Requeuer interface {
	After(d time.Duration) (ctrl.Result, error)
}

// interfaceRequeue returns what an interface's method answers: no fact
// says whether it requeues, so the loss is not proven.
func (r *Reconciler) interfaceRequeue(ctx context.Context, cm *corev1.ConfigMap, q Requeuer) (ctrl.Result, error) {
	if err := r.Update(ctx, cm); err != nil { // ok: unknown, a result from an interface's method
		return q.After(time.Minute)
	}
	return ctrl.Result{}, nil
}
