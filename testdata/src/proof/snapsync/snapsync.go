// Package snapsync reduces a CSI snapshot controller's error handling, as
// it is written: a sync step that fails records the failure in the
// object's status through a helper whose own error it drops, and returns
// an error of its own; the work-queue loop requeues that error with rate
// limiting, so the next sync writes the status again. The status write's
// Conflict is redone: no finding. Beside it, the same helper dropped on a
// path that returns nil, and a one-shot caller that only logs, are lost.
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

// checkOnce is a one-shot check: its caller only logs, so the status
// write's Conflict is lost where the error dies.
func checkOnce(c *Controller, foo *foov1.Foo) {
	if err := c.checkFoo(foo); err != nil { // want `conflict from c.checkFoo cannot be returned by checkOnce`
		log.Printf("check: %v", err)
	}
}
