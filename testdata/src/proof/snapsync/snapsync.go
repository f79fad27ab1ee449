// Package snapsync reduces a CSI snapshot controller's error handling, as
// it is written: a sync step that fails records the failure in the
// object's status through a helper whose own error it drops, and returns
// an error of its own; the work-queue loop requeues that error with rate
// limiting, so the next sync writes the status again. The status write's
// Conflict is redone: no finding. Beside it, the same helper dropped on a
// path that returns nil, and its twin whose one-shot caller only logs the
// other error, are lost.
package snapsync

import (
	"context"
	"fmt"
	"log"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	"example.com/foo-operator/pkg/generated/clientset/versioned"
	foolisters "example.com/foo-operator/pkg/generated/listers/foo/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
)

type Controller struct {
	client versioned.Interface
	lister foolisters.FooLister
	queue  workqueue.RateLimitingInterface
}

// updateErrorStatus records msg in the status and returns the write's
// error.
func (c *Controller) updateErrorStatus(foo *foov1.Foo, msg string) error {
	foo = foo.DeepCopy()
	foo.Status.Phase = "Error: " + msg
	_, err := c.client.FooV1().Foos(foo.Namespace).UpdateStatus(context.TODO(), foo, metav1.UpdateOptions{})
	return err
}

// checkFoo fails on a Foo without a message, after recording why.
func (c *Controller) checkFoo(foo *foov1.Foo) error {
	if foo.Spec.Message == "" {
		c.updateErrorStatus(foo, "no message") // ok: checkFoo returns an error on this path, and processNext requeues it
		return fmt.Errorf("foo %s/%s has no message", foo.Namespace, foo.Name)
	}
	return nil
}

// syncFoo is the sync step the work queue runs.
func (c *Controller) syncFoo(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return err
	}
	foo, err := c.lister.Foos(ns).Get(name)
	if err != nil {
		return err
	}
	if err := c.checkFoo(foo); err != nil {
		return fmt.Errorf("checking %s: %w", key, err)
	}
	if foo.Spec.Message == "stale" {
		c.updateErrorStatus(foo, "stale") // want `conflict from c.updateErrorStatus of foo is dropped: return it`
		return nil
	}
	return nil
}

// processNext requeues a failed sync with rate limiting.
func (c *Controller) processNext() bool {
	item, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(item)
	key := item.(string)
	if err := c.syncFoo(key); err != nil {
		c.queue.AddRateLimited(key)
		return true
	}
	c.queue.Forget(key)
	return true
}

// validateFoo is checkFoo's twin with a one-shot caller.
func (c *Controller) validateFoo(foo *foov1.Foo) error {
	if foo.Spec.Message == "" {
		c.updateErrorStatus(foo, "no message") // want `conflict from c.updateErrorStatus of foo is dropped for another error, which cannot be returned by checkOnce: re-read foo inside retry.RetryOnConflict; lost for good`
		return fmt.Errorf("foo %s/%s has no message", foo.Namespace, foo.Name)
	}
	return nil
}

// checkOnce is a one-shot check: it only logs what validateFoo returns,
// so the status write's Conflict, dropped for validateFoo's own error, is
// lost. It is reported where it was dropped, not here, where no Conflict
// can arrive.
func checkOnce(c *Controller, foo *foov1.Foo) {
	if err := c.validateFoo(foo); err != nil { // ok: validateFoo's error is its own
		log.Printf("check: %v", err)
	}
}
