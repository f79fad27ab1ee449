// Package outcome is a result-value library of the kind some operators
// use instead of (ctrl.Result, error): the failure travels inside a value
// that the reconciler turns into its answer at the end.
package outcome

import (
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// Result is what a step of a reconcile decided.
type Result struct {
	err   error
	after time.Duration
}

// Continue lets the reconcile go on.
func Continue() Result { return Result{} }

// Error stops the reconcile with err.
func Error(err error) Result { return Result{err: err} }

// RequeueAfter stops the reconcile and asks to run again after d.
func RequeueAfter(d time.Duration) Result { return Result{after: d} }

// Done reports whether the reconcile should stop here.
func (r Result) Done() bool { return r.err != nil || r.after > 0 }

// Output is the reconciler's answer.
func (r Result) Output() (ctrl.Result, error) { return ctrl.Result{RequeueAfter: r.after}, r.err }
