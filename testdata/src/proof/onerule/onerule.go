// Package onerule holds the shapes of the one rule for a failed write:
// retried (written again promptly after a fresh read), healed later (a
// tick), or lost.
package onerule

import (
	"context"
	"errors"
	"log"
	"time"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	"example.com/foo-operator/pkg/generated/clientset/versioned"
	foolisters "example.com/foo-operator/pkg/generated/listers/foo/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
)

type Controller struct {
	client versioned.Interface
	lister foolisters.FooLister
	queue  workqueue.RateLimitingInterface
}

// label is a hand-written retry: each attempt reads the Foo from the
// cache and copies it; on a Conflict it waits and tries again, and after
// three attempts it gives up with an error of its own, as RetryOnConflict
// gives up too.
func (c *Controller) label(ns, name string) error {
	var err error
	for i := 0; i < 3; i++ {
		cur, gerr := c.lister.Foos(ns).Get(name)
		if gerr != nil {
			return gerr
		}
		upd := cur.DeepCopy()
		upd.Labels = map[string]string{"seen": "yes"}
		_, err = c.client.FooV1().Foos(ns).Update(context.TODO(), upd, metav1.UpdateOptions{}) // ok: a Conflict reads again and retries
		if err == nil || !apierrors.IsConflict(err) {
			return err
		}
		time.Sleep(2 * time.Second)
	}
	return errors.New("max retries exceeded")
}

// setPhase re-reads by calling itself once on a Conflict.
func (c *Controller) setPhase(ns, name, phase string, again bool) error {
	cur, err := c.lister.Foos(ns).Get(name)
	if err != nil {
		return err
	}
	upd := cur.DeepCopy()
	upd.Status.Phase = phase
	if _, err := c.client.FooV1().Foos(ns).UpdateStatus(context.TODO(), upd, metav1.UpdateOptions{}); err != nil { // ok: a Conflict calls setPhase again, which reads afresh
		if apierrors.IsConflict(err) && again {
			return c.setPhase(ns, name, phase, false)
		}
		return err
	}
	return nil
}

func (c *Controller) sync(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return err
	}
	if err := c.label(ns, name); err != nil {
		return err
	}
	return c.setPhase(ns, name, "Ready", true)
}

func (c *Controller) processNext() bool {
	item, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(item)
	key := item.(string)
	if err := c.sync(key); err != nil {
		c.queue.AddRateLimited(key)
		return true
	}
	c.queue.Forget(key)
	return true
}

// rotate runs on a ticker and only logs: a lost write is redone on the
// next tick, a heal with the tick's period.
func (c *Controller) rotate(ctx context.Context, ns, name string) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			cur, err := c.lister.Foos(ns).Get(name)
			if err != nil {
				continue
			}
			upd := cur.DeepCopy()
			upd.Spec.Message = "rotated"
			if _, err := c.client.FooV1().Foos(ns).Update(ctx, upd, metav1.UpdateOptions{}); err != nil { // want `conflict from Foos\(ns\).Update cannot be returned by rotate: re-read upd inside retry.RetryOnConflict; lost until resync \(1h\)$`
				log.Print(err)
			}
		}
	}
}

var _ = foov1.Foo{}
