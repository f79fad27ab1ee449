// Package unretriedupdate defines an Analyzer that reports conflict-prone
// Kubernetes writes whose Conflict error nobody retries.
//
// # Analyzer unretriedupdate
//
// unretriedupdate: report writes whose Conflict error is lost
//
// An Update, UpdateStatus or optimistic-lock Patch sends the object's
// resourceVersion and fails with 409 Conflict when someone else wrote the
// object first. The right reaction is to read the object again and reapply
// the change: retry.RetryOnConflict with a fresh Get inside the closure, or
// returning the error to a reconcile loop or work queue that requeues.
//
// The analyzer reports a conflict-prone write outside any retry scope whose
// error is dropped (discarded, assigned to _ or never read), only logged,
// ends the program (log.Fatal, klog.Fatal, os.Exit, panic), or is made
// where nobody can receive it (a goroutine, an informer event handler, any
// function without an error result), unless a branch on the error requeues
// (ctrl.Result{Requeue: true}, RequeueAfter, queue.AddRateLimited) or an
// IsConflict branch handles it. A function of the package that returns a
// write's error counts as a write where it is called.
//
// Before:
//
//	if err := r.Update(ctx, &cm); err != nil {
//		log.Error(err, "update failed")
//	}
//	return ctrl.Result{}, nil
//
// After:
//
//	if err := r.Update(ctx, &cm); err != nil {
//		return ctrl.Result{}, err
//	}
//
// With -unretriedupdate.mode=strict, every conflict-prone write outside a
// retry scope is reported, including those whose error is returned.
package unretriedupdate
