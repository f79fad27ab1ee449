// Package retryreget defines an Analyzer that reports conflict retries that
// cannot succeed: a retry closure that writes an object it never re-reads,
// and a retry closure that hides the Conflict from the retry.
//
// # Analyzer retryreget
//
// retryreget: report retry closures that resend a stale object
//
// retry.RetryOnConflict (and retry.OnError with apierrors.IsConflict or a
// predicate that retries every error, wait
// backoff loops that test IsConflict, and the program's helpers around
// them, also one that retries what a predicate its caller gives holds for,
// called with a predicate that holds on a Conflict) runs its closure again
// when a write fails with 409 Conflict. The
// retry only helps if the closure reads the object again first: a closure
// that writes an object captured from outside sends the same stale
// resourceVersion on every attempt, so every attempt fails the same way and
// the backoff is wasted.
//
// The analyzer reports a conflict-prone write inside a retry scope when the
// closure neither Gets into the object nor assigns it; a retry closure that
// returns the write's error in a form apierrors.IsConflict cannot see (a %v
// rewrap, errors.New(err.Error())), or not at all (dropped, only logged,
// replaced by a re-read's error), so that the Conflict is never retried;
// and a closure that stores a failed typed write's empty result in the
// object it re-reads by name.
//
// Before:
//
//	var deploy appsv1.Deployment
//	if err := r.Get(ctx, key, &deploy); err != nil {
//		return err
//	}
//	deploy.Spec.Paused = false
//	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
//		return r.Update(ctx, &deploy)
//	})
//
// is reported as
//
//	deploy is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get deploy at the top of the closure
//
// After (what the suggested fix produces):
//
//	var deploy appsv1.Deployment
//	if err := r.Get(ctx, key, &deploy); err != nil {
//		return err
//	}
//	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
//		if err := r.Get(ctx, client.ObjectKeyFromObject(&deploy), &deploy); err != nil {
//			return err
//		}
//		deploy.Spec.Paused = false
//		return r.Update(ctx, &deploy)
//	})
//
// # What counts as a re-read, and what hides a Conflict
//
// `retry.RetryOnConflict` (and `retry.OnError` with `apierrors.IsConflict` or
// a predicate that returns `true` for every error, `wait` backoff loops that test `IsConflict` or never report done, and your
// own helpers around them, also `Retry(fn, retryable)` that retries what
// the predicate you give holds for, given one that holds on a Conflict
// such as `IsNotFoundOrConflict`) runs its closure again after a Conflict. That
// only helps if the closure reads the object again: a closure that writes an
// object captured from outside resends the same stale `resourceVersion` on
// every attempt, so every attempt fails the same way. A write is reported
// when the closure neither `Get`s into the object nor assigns it (from a
// read, a lister or any call); a `Get` into another variable does not count
// unless its resourceVersion is copied over (`obj.ResourceVersion =
// live.ResourceVersion`, `SetResourceVersion`, `live.DeepCopyInto(obj)`,
// `*obj = *live`, or a helper such as `mergeMetadata(&obj.ObjectMeta,
// live.ObjectMeta)` that does one of these); a re-read skipped on the first
// attempt counts. Closures given as method values or named functions of the
// package are followed into their bodies, and so are the package's helpers
// the closure calls: a helper that writes an object neither it nor the
// closure re-reads is reported at its write. An object without a
// resourceVersion (built from a literal each attempt) cannot conflict.
// Blanking the captured object's version instead (`obj.ResourceVersion =
// ""` inside the closure) is still reported: the write can no longer
// conflict, but it overwrites every change made since the object was read,
// which is what the retry was for. The
// closure also must not hide the Conflict: a `%v` rewrap,
// `errors.New(err.Error())`, or any constructor given `err.Error()`
// (`newUpdateError(name, err.Error())`) loses the API status, so
// `IsConflict` is false and nothing is retried. The same holds inside a
// helper whose error the closure returns (`return s.save(ctx, &cm)`, also
// through an interface that only write helpers of the package implement):
// the rewrap in the helper is reported, with the `%w` fix where it is
// `fmt.Errorf`. Last, a closure must not store a failed write's result in
// the object it re-reads by name (`obj, err = c.Update(ctx, obj, ...)` with
// `Get(ctx, obj.Name, ...)` on the next attempt): client-go's typed and
// dynamic writes return an empty object (or nil) with their error, so the
// next attempt asks for an empty name and the retry ends. Nor may the
// write's Conflict miss the closure's return: dropped, only logged, or
// replaced by the error of the re-read made for the next attempt (`if
// apierrors.IsConflict(err) { err = r.Get(ctx, key, obj) }; return err`,
// or `if err == nil { return nil }` then `err = r.Get(...)`, OpenKruise's
// status updates): the retry gets nil (the re-read's error, when the read
// works) and stops as if the write had landed; graded as a lost change.
// Where the closure then only returns nil, the fix hands a logged or
// dropped Conflict back (`return err` after the logs, `return write`); a
// replaced one gets no fix. The stored-result case's fix keeps the
// result apart and takes it only on success, when nothing uses the object
// after the write or after the retry:
//
//	// before
//	cm, err = cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{})
//	return err
//
//	// after
//	updated, err := cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{})
//	if err == nil {
//		cm = updated
//	}
//	return err
//
// A retry must also keep the change. A closure that re-reads a captured
// object and writes it with nothing changed in between, when the function
// around the retry changed it last before the retry (`cm.Labels = ...`,
// then `Get` into `cm` and `Update(cm)` inside `RetryOnConflict`), writes
// the server's own state back: the re-read replaced the change, the write
// succeeds and nothing says so. It is reported at the re-read. So is a
// write helper that retries itself (minio's `updatePoolStatusWithRetry`):
// after a failed write it reads the object it was given again and calls
// itself with the fresh copy, but it makes no change of its own to what it
// writes (only values of that object, or zero values such as a cleared
// spec for a status write), so what it wrote was its caller's change, now
// gone, and it returns success. It is reported at the call that runs it
// again, graded by the harshest of its callers in the package (and of the
// functions that only return its results); one other packages may call is
// `lost for good`. A caller that goes on to mark a step of its state
// machine done (`if t.Status.Pools[i].State == Initialized { continue }`
// before the call, the field set to that value and saved after it) loses
// the step's change for good: every later run skips the step. A helper
// that applies a value it is given (`mode`, a flag) after the re-read
// carries the change and is not reported.
//
// # Consequence
//
// A retry that can never succeed leaves its change unwritten until
// something else redoes it, and its finding says how long, with the grades
// of unretriedupdate, judged by the fate of the retry's last error:
// requeued, or returned by a `Reconcile`, it is `redone when requeued` (a
// loop that reads the object again writes it); failing a test or ending the
// program, `reported by exit status`; only logged or dropped, it
// is graded by what redoes the write (`lost until the next event`, `lost
// until resync`, `lost for good`), and `-consequence` filters it like the
// other checks. Returned by any other function it carries no grade: its
// caller may requeue it, or exit with it, which the package cannot tell.
//
// # Fixes
//
// The fix inserts the re-read at the top of the closure with the client the
// write uses (typed and dynamic clients reassign the object from the `Get`
// of the same resource interface; in a `wait` condition a failed re-read
// returns `false, err`, which ends the wait as an error ends a retry), adds
// the `client` import if needed, and moves into the closure the plain
// mutations of the object made between its last read and the retry call,
// which the re-read would otherwise wipe.
//
// For an object the retrying function was handed (a parameter), whose
// caller's changes a re-read at the top would drop even when nothing
// conflicts, the fix re-reads only after a Conflict, before the next
// attempt; it is offered when the closure makes plain changes of its own
// right before the write (the next attempt makes them again) and nothing
// earlier changes the object:
//
//	// before
//	func (r *WidgetReconciler) pauseForMaintenance(ctx context.Context, deploy *appsv1.Deployment) error {
//		return retry.RetryOnConflict(retry.DefaultRetry, func() error {
//			deploy.Spec.Paused = true
//			return r.Update(ctx, deploy)
//		})
//	}
//
//	// after
//	func (r *WidgetReconciler) pauseForMaintenance(ctx context.Context, deploy *appsv1.Deployment) error {
//		return retry.RetryOnConflict(retry.DefaultRetry, func() error {
//			deploy.Spec.Paused = true
//			err := r.Update(ctx, deploy)
//			if apierrors.IsConflict(err) {
//				if err := r.Get(ctx, client.ObjectKeyFromObject(deploy), deploy); err != nil {
//					return err
//				}
//			}
//			return err
//		})
//	}
//
// When that cannot be shown to keep the behaviour (a field of another value,
// a parameter without a plain change of the closure's own, a mutation
// through a call the analyzer cannot see into, later code that reads what a
// mutation wrote, an optimistic-lock patch built outside the closure), the
// finding comes without a fix.
//
// # A Conflict the retry cannot see
//
// The analyzer also reports a retry closure that returns the write's error
// in a form `IsConflict` cannot see, so the Conflict is never retried at
// all:
//
//	if err := r.Update(ctx, &deploy); err != nil {
//		return fmt.Errorf("resuming %s: %v", key, err)
//	}
//
// is reported as
//
//	conflict from r.Update of deploy is formatted with %v, so retry.RetryOnConflict never retries it: wrap it with %w
//
// The fix changes `%v` (or `%s`, or `%s` with `err.Error()`) to `%w`;
// `errors.New(err.Error())` becomes `err`.
package retryreget
