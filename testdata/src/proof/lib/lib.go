// Package lib holds a project's helpers, in a package of their own, that
// the controller in proof/controller uses: a requeue builder, an error
// predicate, a deletion step that pairs its error with a result, and a
// sentinel. What the controller knows of them comes from facts.
package lib

import (
	"context"
	"errors"
	"strings"
	"time"

	pkgerrors "github.com/pkg/errors"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// RequeueAfter asks to run the reconcile again after d (the shape of a
// project's ctrlutil.RequeueAfter).
func RequeueAfter(ctx context.Context, d time.Duration, msg string) (ctrl.Result, error) {
	if msg != "" {
		_ = ctx
	}
	return ctrl.Result{Requeue: true, RequeueAfter: d}, nil
}

// Done ends the reconcile without asking for more.
func Done() (ctrl.Result, error) { return ctrl.Result{}, nil }

// ErrorAlreadyExists reports whether err says the object exists.
func ErrorAlreadyExists(err error) bool {
	return apierrors.IsAlreadyExists(err) || strings.Contains(err.Error(), "already exists")
}

// IsTransient reports whether err is worth a retry: a Conflict is.
func IsTransient(err error) bool {
	return apierrors.IsConflict(err) || apierrors.IsServerTimeout(err)
}

// ErrTLSNotReady is a sentinel of the project's own.
var ErrTLSNotReady = errors.New("tls secret not ready")

// NoDataInSecretError is the project's error type for an empty Secret.
type NoDataInSecretError struct{ Name string }

func (e NoDataInSecretError) Error() string { return "no data in secret " + e.Name }

// HandleCRDeletion removes the finalizer: every failure comes back with a
// non-nil result, so callers test the result, not the error.
func HandleCRDeletion(ctx context.Context, c client.Client, cm *corev1.ConfigMap) (*ctrl.Result, error) {
	if cm.DeletionTimestamp == nil {
		return nil, nil
	}
	cm.Finalizers = nil
	if err := c.Update(ctx, cm); err != nil {
		return &ctrl.Result{}, err
	}
	return &ctrl.Result{}, nil
}

// HandleCRDeletionMaybe pairs a failure with a result only sometimes: the
// caller's test of the result cannot be decided.
func HandleCRDeletionMaybe(ctx context.Context, c client.Client, cm *corev1.ConfigMap) (*ctrl.Result, error) {
	if err := c.Update(ctx, cm); err != nil {
		if cm.Name == "" {
			return nil, err
		}
		return &ctrl.Result{}, err
	}
	return nil, nil
}

// PatchOrUpdate sends a plain merge patch when merge is set, which cannot
// conflict, and an Update with the object's resourceVersion otherwise.
func PatchOrUpdate(ctx context.Context, c client.Client, cm, base *corev1.ConfigMap, merge bool) error {
	if merge {
		return c.Patch(ctx, cm, client.MergeFrom(base))
	}
	return c.Update(ctx, cm)
}

// ErrPassNotPropagated is a sentinel made with github.com/pkg/errors.
var ErrPassNotPropagated = pkgerrors.New("password not propagated yet")

// ErrorIsConflict is a datastore's own name for the Conflict test.
func ErrorIsConflict(err error) bool { return apierrors.IsConflict(err) }

// UpdateStatus writes the status of cm and returns the stored object (a
// datastore's write helper).
func UpdateStatus(ctx context.Context, c client.Client, cm *corev1.ConfigMap) (*corev1.ConfigMap, error) {
	if err := c.Status().Update(ctx, cm); err != nil {
		return nil, err
	}
	return cm, nil
}
