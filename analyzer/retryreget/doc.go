// Package retryreget defines an Analyzer that reports conflict retries that
// cannot succeed: a retry closure that writes an object it never re-reads,
// and a retry closure that hides the Conflict from the retry.
//
// # Analyzer retryreget
//
// retryreget: report retry closures that resend a stale object
//
// retry.RetryOnConflict (and retry.OnError with apierrors.IsConflict, wait
// backoff loops that test IsConflict, and this package's helpers around
// them) runs its closure again when a write fails with 409 Conflict. The
// retry only helps if the closure reads the object again first: a closure
// that writes an object captured from outside sends the same stale
// resourceVersion on every attempt, so every attempt fails the same way and
// the backoff is wasted.
//
// The analyzer reports a conflict-prone write (Update, Status().Update,
// an optimistic-lock Patch, typed and dynamic Update/UpdateStatus) inside a
// retry scope when the object is declared outside the closure and the
// closure neither Gets into it nor assigns it (from a Get, a lister, or any
// other call). A Get into a different variable does not count; a re-read
// that only happens on some attempts does. Closures passed as method values
// or named functions of the package are followed into their declarations.
//
// Before:
//
//	cm.Data["mode"] = "on"
//	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
//		return r.Update(ctx, cm)
//	})
//
// After:
//
//	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
//		if err := r.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
//			return err
//		}
//		cm.Data["mode"] = "on"
//		return r.Update(ctx, cm)
//	})
//
// The suggested fix inserts that re-read at the top of the closure, with
// the client the write uses (a typed or dynamic client reassigns the object
// from its Get), and moves into the closure, after the re-read, the plain
// assignments to the object made between its last read and the retry call.
// When that move cannot be shown to keep the behaviour (the object is a
// parameter or a field, a mutation is a call the analyzer does not know, or
// later code depends on it), the finding comes without a fix.
//
// The analyzer also reports a retry closure that returns a write's error in
// a form apierrors.IsConflict cannot see: fmt.Errorf with %v or %s instead
// of %w, or errors.New(err.Error()). The Conflict is then never retried at
// all. A helper of the package whose error the closure returns is checked
// the same way, also when the closure calls it through an interface that
// only the package's write helpers implement. The fix formats the error
// with %w.
//
// Last, it reports a closure that stores a typed or dynamic write's result
// in the object it writes, when the object outlives the attempt and the
// closure re-reads it by its own name: after a failure the client returns
// an empty object (or nil), so the next attempt re-reads by an empty name
// and the retry ends. The fix keeps the result in a variable of its own and
// takes it into the object only when the write succeeded, when nothing uses
// the object after the write or after the retry.
package retryreget
