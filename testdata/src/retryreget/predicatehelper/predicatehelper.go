// Package predicatehelper holds retry closures run by a project's helper
// that retries only what the caller's predicate holds for (the reduction of
// security-profiles-operator's createPolLabel): a predicate that holds on a
// Conflict makes the closure a retry scope, which must re-read what it
// writes; one that lets a Conflict go does not.
package predicatehelper

import (
	"context"

	"retryreget/predicatehelper/retries"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Labeler struct {
	c   client.Client
	key types.NamespacedName
	cm  *corev1.ConfigMap // read by the caller
}

// label changes the object it holds and sends it again on every attempt:
// after a Conflict the first attempt's label is already there, so the next
// one returns nil and the label is never written.
func (l *Labeler) label(ctx context.Context) error {
	return retries.Retry(func() error {
		if _, ok := l.cm.Labels["profile"]; ok {
			return nil
		}
		l.cm.Labels["profile"] = "restricted"
		return l.c.Update(ctx, l.cm) // want `l.cm is not re-read inside retries.Retry, so every attempt conflicts: Get l.cm at the top of the closure`
	}, retries.IsNotFoundOrConflict)
}

// labelAfresh reads the object inside the closure: every attempt is fresh.
func (l *Labeler) labelAfresh(ctx context.Context) error {
	return retries.Retry(func() error {
		cm := &corev1.ConfigMap{}
		if err := l.c.Get(ctx, l.key, cm); err != nil {
			return err
		}
		cm.Labels = map[string]string{"profile": "restricted"}
		return l.c.Update(ctx, cm)
	}, retries.IsNotFoundOrConflict)
}

// annotate retries only timeouts: a Conflict is returned at once, so the
// closure is no retry scope of a Conflict.
func (l *Labeler) annotate(ctx context.Context) error {
	return retries.Retry(func() error {
		l.cm.Annotations = map[string]string{"seen": "true"}
		return l.c.Update(ctx, l.cm)
	}, retries.IsTimeout)
}

// finalize gives the helper a literal predicate that tests IsConflict.
func (l *Labeler) finalize(ctx context.Context) error {
	return retries.OnError(func(err error) bool { return apierrors.IsConflict(err) }, func() error {
		l.cm.Finalizers = append(l.cm.Finalizers, "example.com/cleanup")
		return l.c.Update(ctx, l.cm) // want `l.cm is not re-read inside retries.OnError, so every attempt conflicts: Get l.cm at the top of the closure`
	})
}
