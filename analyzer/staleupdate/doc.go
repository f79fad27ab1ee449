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
// The analyzer follows each function's control flow (if/else, switch,
// loops, continue, break, goto) from a conflict-prone write and reports a
// later conflict-prone write of the same object that is reached without a
// re-read of it:
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
// A successful controller-runtime Update, Status().Update or Patch refreshes
// the object in place, so writing it again afterwards is fine. Writes inside
// retry scopes (retry.RetryOnConflict and the like) are left to retryreget.
// The report is at the second write; the first is shown as related.
//
// Before:
//
//	for i := 0; i < 3; i++ {
//		cm.Data["owner"] = name
//		if err = r.Update(ctx, &cm); err == nil {
//			break
//		}
//		time.Sleep(time.Second)
//	}
//
// After:
//
//	for i := 0; i < 3; i++ {
//		cm.Data["owner"] = name
//		if err = r.Update(ctx, &cm); err == nil {
//			break
//		}
//		if err := r.Get(ctx, client.ObjectKeyFromObject(&cm), &cm); err != nil {
//			return err
//		}
//		time.Sleep(time.Second)
//	}
//
// or, better, retry.RetryOnConflict with the Get and the mutation inside.
//
// Fixes are offered where they provably keep the intended change: in a
// hand-rolled controller-runtime retry loop of a local object whose
// mutations are all made inside the loop, a re-read at the top of the
// failure path; for a typed or dynamic input reused after a successful
// write that sends the same part of the object, keeping the returned
// object in the input's variable, or, where that cannot be written (an
// if statement's init, a parameter), in a new variable copied over the
// object once the write has succeeded. Elsewhere the finding has no fix. When
// the write's Conflict is also lost, unretriedupdate reports it too and
// its fix (return or retry the error) is the one offered: one fix per write.
package staleupdate
