// Package statusvalue: a failure handed on as a status of the project's
// own type rather than as an error. A task that returns tasks.Fail() when
// its write fails (tidb-operator's task framework), or a helper that
// returns SyncStateError (MetalLB's SetBalancer), tells its caller, which
// turns it into an error or a requeue: the caller decides, as with a
// returned error. A status that the failure path shares with the success
// path tells nothing, and a standard library value is not a status.
package statusvalue

import (
	"context"
	"log"
	"time"

	"example.com/tasks"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// SyncState is a helper's outcome.
type SyncState int

const (
	SyncStateSuccess SyncState = iota
	SyncStateError
)

// TaskStatusPersister writes the status in a task.
func TaskStatusPersister(c client.Client, cm *corev1.ConfigMap) tasks.Task {
	return tasks.NameTaskFunc("UpdateStatus", func(ctx context.Context) tasks.Result {
		if err := c.Status().Update(ctx, cm); err != nil { // ok: the failed task fails the run, which returns an error
			return tasks.Fail().With("cannot update status: %v", err)
		}
		return tasks.Complete().With("status is updated")
	})
}

// setBalancer reports a failed write as SyncStateError.
func setBalancer(ctx context.Context, c client.Client, cm *corev1.ConfigMap) SyncState {
	if err := c.Update(ctx, cm); err != nil { // ok: the caller learns it failed
		log.Print(err)
		return SyncStateError
	}
	return SyncStateSuccess
}

// setBalancerSame reports success whatever happens.
func setBalancerSame(ctx context.Context, c client.Client, cm *corev1.ConfigMap) SyncState {
	if err := c.Update(ctx, cm); err != nil { // want `conflict from c.Update cannot be returned by setBalancerSame: requeue the object, or re-read cm inside retry.RetryOnConflict; .*lost for good$`
		log.Print(err)
		return SyncStateSuccess
	}
	return SyncStateSuccess
}

// nextSync returns a duration: a standard library value is not a status.
func nextSync(ctx context.Context, c client.Client, cm *corev1.ConfigMap) time.Duration {
	if err := c.Update(ctx, cm); err != nil { // want `conflict from c.Update cannot be returned by nextSync: requeue the object, or re-read cm inside retry.RetryOnConflict; .*lost for good$`
		log.Print(err)
		return 0
	}
	return time.Minute
}

// adoptDropped returns the object it wrote, or nil when the write failed;
// its one caller drops what it returns (k8gb's Ingress handler), so the
// status reaches nobody.
func adoptDropped(ctx context.Context, c client.Client, cm *corev1.ConfigMap) *corev1.ConfigMap {
	if err := c.Update(ctx, cm); err != nil { // want `conflict from c.Update cannot be returned by adoptDropped: requeue the object, or re-read cm inside retry.RetryOnConflict; .*lost for good$`
		log.Print(err)
		return nil
	}
	return cm
}

func handleDropped(ctx context.Context, c client.Client, cm *corev1.ConfigMap) {
	_ = adoptDropped(ctx, c, cm)
}

// adoptKept is the same helper, whose caller reads what it returns.
func adoptKept(ctx context.Context, c client.Client, cm *corev1.ConfigMap) *corev1.ConfigMap {
	if err := c.Update(ctx, cm); err != nil { // ok: the caller learns it failed
		log.Print(err)
		return nil
	}
	return cm
}

func handleKept(ctx context.Context, c client.Client, cm *corev1.ConfigMap) bool {
	adoptDropped(ctx, c, cm)
	return adoptKept(ctx, c, cm) != nil
}

var _ = setBalancer
var _ = setBalancerSame
var _ = nextSync
var _ = handleDropped
var _ = handleKept
