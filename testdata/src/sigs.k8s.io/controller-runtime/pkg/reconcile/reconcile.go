// Package reconcile is a test stub of sigs.k8s.io/controller-runtime/pkg/reconcile.
package reconcile

import (
	"context"
	"time"

	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Result says whether and when to reconcile again.
type Result struct {
	// Deprecated: use RequeueAfter.
	Requeue      bool
	RequeueAfter time.Duration
}

// IsZero reports whether r asks for nothing.
func (r *Result) IsZero() bool { return r == nil || *r == Result{} }

// Request names the object to reconcile.
type Request struct {
	types.NamespacedName
}

// Reconciler reconciles a Request.
type Reconciler = TypedReconciler[Request]

// TypedReconciler reconciles a request of any comparable type.
type TypedReconciler[request comparable] interface {
	Reconcile(context.Context, request) (Result, error)
}

// Func adapts a function to Reconciler.
type Func = TypedFunc[Request]

// TypedFunc adapts a function to TypedReconciler.
type TypedFunc[request comparable] func(context.Context, request) (Result, error)

// Reconcile calls r.
func (r TypedFunc[request]) Reconcile(ctx context.Context, req request) (Result, error) {
	return r(ctx, req)
}

// ObjectReconciler reconciles an object that was already read.
type ObjectReconciler[object client.Object] interface {
	Reconcile(context.Context, object) (Result, error)
}

// AsReconciler reads the requested object and hands it to rec.
func AsReconciler[object client.Object](client client.Client, rec ObjectReconciler[object]) Reconciler {
	return nil
}

// TerminalError marks wrapped as not worth retrying.
func TerminalError(wrapped error) error { return wrapped }
