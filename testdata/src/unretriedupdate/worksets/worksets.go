// Package worksets holds unretriedupdate scenarios for poll conditions that
// retry by keeping a failed entry in a work set, and for paths that end
// because the component is stopping.
package worksets

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/klog/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type key struct{ Name, Namespace string }

type loop struct {
	c       client.Client
	pending map[key]struct{}
	stop    chan struct{}
}

// flush keeps a failed key in the set: the condition reports done only
// when the set is empty, so the next step reads the object again.
func (l *loop) flush(ctx context.Context) error {
	return wait.ExponentialBackoff(wait.Backoff{Steps: 5}, func() (bool, error) {
		for k := range l.pending {
			select {
			case <-l.stop:
				return true, nil
			default:
				u := &unstructured.Unstructured{}
				if err := l.c.Get(ctx, client.ObjectKey{Name: k.Name, Namespace: k.Namespace}, u); err != nil {
					continue
				}
				u.SetLabels(map[string]string{"audited": "yes"})
				if err := l.c.Update(ctx, u); err != nil { // ok: the key stays in the set and the next step reads it again
					klog.Error(err)
					continue
				}
				delete(l.pending, k)
			}
		}
		if len(l.pending) == 0 {
			return true, nil
		}
		return false, nil
	})
}

// flushFlagged skips the delete through a flag; its condition is bound to
// a variable first.
func (l *loop) flushFlagged(ctx context.Context) error {
	condition := func() (bool, error) {
		for k := range l.pending {
			failed := false
			u := &unstructured.Unstructured{}
			if err := l.c.Get(ctx, client.ObjectKey{Name: k.Name}, u); err != nil {
				failed = true
			}
			if err := l.c.Update(ctx, u); err != nil { // ok: a failed key is not deleted
				failed = true
				klog.Error(err)
			}
			if !failed {
				delete(l.pending, k)
			}
		}
		return len(l.pending) == 0, nil
	}
	return wait.ExponentialBackoff(wait.Backoff{Steps: 5}, condition)
}

// flushForgetful deletes the key whatever happened: done may be reported
// with the write lost.
func (l *loop) flushForgetful(ctx context.Context) error {
	return wait.ExponentialBackoff(wait.Backoff{Steps: 5}, func() (bool, error) {
		for k := range l.pending {
			u := &unstructured.Unstructured{}
			if err := l.c.Get(ctx, client.ObjectKey{Name: k.Name}, u); err != nil {
				continue
			}
			if err := l.c.Update(ctx, u); err != nil { // want `conflict from l.c.Update is only logged: re-read u inside retry.RetryOnConflict`
				klog.Error(err)
			}
			delete(l.pending, k)
		}
		if len(l.pending) == 0 {
			return true, nil
		}
		return false, nil
	})
}

// flushCleared empties the set after the loop: done is reported.
func (l *loop) flushCleared(ctx context.Context) error {
	return wait.ExponentialBackoff(wait.Backoff{Steps: 5}, func() (bool, error) {
		for k := range l.pending {
			u := &unstructured.Unstructured{}
			if err := l.c.Get(ctx, client.ObjectKey{Name: k.Name}, u); err != nil {
				continue
			}
			if err := l.c.Update(ctx, u); err != nil { // want `conflict from l.c.Update is only logged: re-read u inside retry.RetryOnConflict`
				klog.Error(err)
			}
		}
		clear(l.pending)
		return len(l.pending) == 0, nil
	})
}

// watch writes again on the next tick: a heal a second later, not a
// retry.
func (l *loop) watch(ctx context.Context, u *unstructured.Unstructured) {
	tick := time.NewTicker(time.Second)
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		if err := l.c.Get(ctx, client.ObjectKeyFromObject(u), u); err != nil {
			continue
		}
		if err := l.c.Update(ctx, u); err != nil { // want `conflict from l.c.Update cannot be returned by watch: re-read u inside retry.RetryOnConflict; lost until resync \(1s\)$`
			klog.Error(err)
		}
	}
}

// onEvent writes what each event carries: the stop case is not the only
// way the failure is lost.
func (l *loop) onEvent(ctx context.Context, keys <-chan key) {
	for {
		select {
		case <-l.stop:
			return
		case k := <-keys:
			u := &unstructured.Unstructured{}
			if err := l.c.Get(ctx, client.ObjectKey{Name: k.Name}, u); err != nil {
				continue
			}
			if err := l.c.Update(ctx, u); err != nil { // want `conflict from l.c.Update cannot be returned by onEvent: re-read u inside retry.RetryOnConflict`
				klog.Error(err)
			}
		}
	}
}

var _ = metav1.Now
