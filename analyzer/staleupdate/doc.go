// Package staleupdate defines an Analyzer that reports a Kubernetes object
// written again, without a re-read, after a write that left it stale.
//
// # Analyzer staleupdate
//
// staleupdate: report objects written again with a stale resourceVersion
//
// A write that fails with 409 Conflict leaves the object in hand at a
// resourceVersion the server has moved past. Sending the same object again
// fails again, however often it is tried: it has to be read again (a Get
// into it, or an assignment from a read) and the change reapplied.
//
// The analyzer reports a later conflict-prone write of the same object that
// is reached without a re-read of it:
//
//   - on the failure path of the first write: after err != nil,
//     apierrors.IsConflict(err), on the next iteration of a hand-rolled
//     retry loop, or in a fallback from a failed Update to an
//     optimistic-lock Patch of the same object;
//   - after a successful client-go typed or dynamic Update or UpdateStatus:
//     those return the stored object and leave their input at its old
//     resourceVersion, so writing the input again conflicts too (unless it
//     was reassigned from the result).
//
// The report is at the second write; the first is shown as related.
//
// Before:
//
//	for i := 0; i < 3; i++ {
//		cm.Data["owner"] = owner
//		if err = r.Update(ctx, &cm); err == nil {
//			break
//		}
//		time.Sleep(time.Second)
//	}
//
// is reported as
//
//	r.Update is retried without re-reading cm, so it conflicts again: re-read cm before each retry
//
// After:
//
//	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
//		if err := r.Get(ctx, key, &cm); err != nil {
//			return err
//		}
//		cm.Data["owner"] = owner
//		return r.Update(ctx, &cm)
//	})
//
// and, with a typed client, write the object the first Update returned:
//
//	cm, err = cms.Update(ctx, cm, metav1.UpdateOptions{})
//	if err != nil {
//		return err
//	}
//	cm.Annotations["published"] = now
//	_, err = cms.Update(ctx, cm, metav1.UpdateOptions{})
//
// # What the analyzer follows
//
// The analyzer follows the function's control flow (`if`/`else`, `switch`,
// loops, `continue`, `break`, `goto`) from each conflict-prone write: the
// failure path (`err != nil`, `apierrors.IsConflict(err)`), the next turn of
// a hand-rolled retry loop, a fallback from a failed Update to an
// optimistic-lock Patch of the same object, and calls of a helper that
// writes the object it is given. A `Get` into the object, any assignment to
// it, or a copy of a live resourceVersion onto it is a re-read; a write of a
// different object is not a reuse. Only a Conflict makes an object stale: a
// path where the failure is known to be something else
// (`apierrors.IsNotFound(err)`, `errors.Is`, a message test no Conflict
// matches) is not followed. A write that sends no resourceVersion cannot
// conflict, stale or not: an object built fresh (a literal, a builder
// function or method, in any package), or one whose resourceVersion the
// function blanks on every path to the write (`obj.ResourceVersion = ""`
// after the failure, or at the top of each turn of a loop).
//
// # Only on proof
//
// A stale write is reported only when some path to it proves it. The walk
// follows the boolean flags the function sets to true or false (a
// `performGet = true` before the write makes the next turn's `if
// performGet { Get }` re-read; `if apierrors.IsConflict(err) { refetch =
// true }` keeps a later `if !refetch { UpdateStatus }` from running) and
// the attempt counters of hand-written retries (an integer that only
// grows from zero, or a range index: after a turn of a loop around the
// write, `if attempt > 0 { Get }` re-reads), and reads the false branch of `IsConflict(err)` as a success or a failure
// that is not a Conflict. Tests of the error are judged on a real Conflict
// (an apimachinery predicate, `errors.Is` against a sentinel, a message
// test); a path through a test it cannot decide (the length of a list of
// errors the failure may have joined among them), or through a call of an
// interface method or func value of the program that takes the object
// (it may read it again), proves nothing and stays quiet. A range loop's
// variable, or one its body declares from the range's variables (`v, ok :=
// byName[name]`), or declares without a value and sets only from them or
// itself (`var next *T`; `next = item.DeepCopy()`), is another object on
// each turn. An informer delete handler's object (`DeleteFunc`, `OnDelete`,
// or one asserted from its argument) is gone from the server: its writes
// fail NotFound, not Conflict, and are not reported.
//
// After a failed write, a second write of the same object resends the
// version the server has just refused: it is certain to fail, so the
// fallback, record or retry it was meant to be never works. It is reported
// whatever becomes of its own error. When that Conflict is returned by a
// `Reconcile` or to a work queue that requeues, the retry reads the object
// again and redoes both changes: the grade is the mildest, `redone when
// requeued`. Returned by any other function, it has no grade: its caller
// may requeue it or exit with it, which the package cannot tell.
//
//	func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		...
//		if err := r.Update(ctx, obj); err != nil {
//			log.Error(err, "update")
//		}
//		obj.Status.Ready = true
//		return ctrl.Result{}, r.Status().Update(ctx, obj) // reported, redone when requeued
//
// A helper that writes an object it is handed and loses the write's
// failure (it logs or drops it, itself or through the helpers it calls;
// each such parameter, when it writes several; known across packages by
// a fact) leaves that object stale after a
// Conflict, and its caller cannot know: a later write of the object, or
// another call of such a helper on it, without a re-read between, is
// reported the same way:
//
//	r.Status.SetRunning(ctx, &job) // only logs its Status().Update's failure
//	r.Status.SetDone(ctx, &job)    // reported: job may carry a refused version
//
// So does a method that writes a field of its receiver (`c.Obj`, the
// object an executor is built around) and loses the failure: a later write
// of that field by a method of the same receiver (`b.setCondition(ctx,
// "started")`, then `b.Client.Update(ctx, b.Obj)`) is reported, also when
// the helper's type is another package's (by the same fact).
//
// A helper that writes only when an error it is handed is not a Conflict
// (`if apierrors.IsConflict(errParam) { return ctrl.Result{Requeue: true},
// nil }` before its status write) resends no refused version when it is
// handed the failure of the earlier write itself: that call is not
// reported. Handed another error, it may write a stale object, and is.
//
// The earlier write may also sit in a function literal that another call
// runs and whose error it returns (`err := r.withConn(url, func(c *Conn)
// error { ...; return r.Update(ctx, obj) })`): a parameter of a function
// type with an error result hands the error on, so after that call fails
// the object may carry a refused version. And the later write may sit in
// a function literal deferred at the top of the function, which runs on
// every return: after a failed write whose error is returned, a deferred
// write of the same object (captured, or passed to the deferred call)
// that does not read it first, and that no test of the function's own
// variables guards (`if reterr == nil`), resends the refused version:
//
//	defer func() { _ = r.setState(ctx, "Exists", obj) }() // reported
//	obj.Finalizers = append(obj.Finalizers, finalizer)
//	return r.Update(ctx, obj)
//
// One finding a deferred literal, at its first such write: one re-read at
// its top fixes them all. When the failed write's error is returned by a
// `Reconcile`, the requeue runs the function again, deferred literal
// included, with a fresh object: the grade is then `redone when requeued`
// (returned by another function, no grade). A deferred call (`defer
// r.setStatus(ctx, obj)`) makes no later write of the function stale: it
// runs after them.
//
// A successful controller-runtime `Update` refreshes the object in place, so
// a `Status().Update` after it is fine, unless it was given a copy
// (`r.Update(ctx, obj.DeepCopy())`: the copy gets the new version, and a
// later write of `obj` is reported, without a fix). client-go typed and dynamic clients
// do not: a successful `Update` returns the stored object and leaves its
// input at the old resourceVersion, so writing the input again is reported
// too, unless it was reassigned from the result. Writes inside retry scopes
// are `retryreget`'s. The finding is at the second write; the first is shown
// as related.
//
// # Consequence
//
// Each finding ends with a grade of how long the stale write leaves the
// cluster wrong, the grades of unretriedupdate (see its page): when the
// stale write's own error is requeued or retried, or returned by a
// `Reconcile`, the loop that receives it reads the object again (requeued,
// the mildest grade); returned by another function, no grade (the rule
// retryreget applies to its last error). A helper that loses its own
// write's failure loses the stale write's Conflict too, whatever the call
// returns. When the first write's own failure is requeued (a helper that
// records it in the status and returns it to `Reconcile`), the requeue
// redoes the stale write's change too: requeued, whatever the stale
// write's own error. Otherwise the evidence is the same as for
// unretriedupdate: a watch of the written kind by the method's receiver
// type (until-event), a constant resync or `RequeueAfter` on every return
// (until-resync), a non-zero exit or a failed test (reported), and lost
// when nothing of these is in view. `-consequence=lost,unknown` reports
// only the grades listed.
//
// # Fixes
//
// In a hand-rolled retry loop that writes a local variable (not a parameter,
// whose caller's changes a re-read would wipe) and makes its changes inside
// the loop, `-fix` inserts a `Get` at the start of the failure path, so that
// the loop's next turn writes a fresh object (with controller-runtime; a
// typed or dynamic loop has no fix yet):
//
//	// before
//	for i := 0; i < 3; i++ {
//		cm.Data["owner"] = owner
//		if err = r.Update(ctx, &cm); err == nil {
//			break
//		}
//		time.Sleep(time.Second)
//	}
//
//	// after
//	for i := 0; i < 3; i++ {
//		cm.Data["owner"] = owner
//		if err = r.Update(ctx, &cm); err == nil {
//			break
//		}
//		if err := r.Get(ctx, client.ObjectKeyFromObject(&cm), &cm); err != nil {
//			return ctrl.Result{}, err
//		}
//		time.Sleep(time.Second)
//	}
//
// For a typed or dynamic input reused after a successful write, it keeps the
// returned object when nothing else holds the old one and the later write
// sends the same part of the object (an `Update` after an `Update`; the
// object an `Update` returns holds the stored status, so keeping it before
// an `UpdateStatus` would drop the status change the caller made):
//
//	// before
//	_, err = cms.Update(ctx, cm, metav1.UpdateOptions{})
//	...
//	_, err = cms.Update(ctx, cm, metav1.UpdateOptions{}) // resends the old resourceVersion
//
//	// after
//	cm, err = cms.Update(ctx, cm, metav1.UpdateOptions{})
//
// Where the result cannot go into the object's own variable (the write sits
// in an `if` statement's init, the object is a parameter whose caller holds
// the same pointer, or the failure branch still uses the old object), the
// fix keeps the result in a new variable and copies it over the object once
// the write is known to have succeeded. It is offered when the error branch
// ends the path (`return`, `break`, `continue`), nothing holds a map, slice
// or pointer of the old object across the write, and neither `stored` nor a
// second `err` would clash with a name of the function:
//
//	// before
//	if _, err := cms.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
//		return fmt.Errorf("publishing: %w", err)
//	}
//	metav1.SetMetaDataAnnotation(&cm.ObjectMeta, "published-at", now)
//	if _, err := cms.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
//		return fmt.Errorf("stamping: %w", err)
//	}
//
//	// after
//	stored, err := cms.Update(ctx, cm, metav1.UpdateOptions{})
//	if err != nil {
//		return fmt.Errorf("publishing: %w", err)
//	}
//	*cm = *stored
//	metav1.SetMetaDataAnnotation(&cm.ObjectMeta, "published-at", now)
//	if _, err := cms.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
//		return fmt.Errorf("stamping: %w", err)
//	}
//
// Elsewhere (a second write after a failed one, where a re-read would drop
// the changes the first write carried) the finding comes without a fix; when
// the object is a parameter or a field, the message says so. A write whose
// Conflict is also lost is unretriedupdate's to fix: one fix per write (see
// https://github.com/conflictlint/conflictlint/blob/main/docs/golangci-lint.md#suppressing-and-fixing).
package staleupdate
