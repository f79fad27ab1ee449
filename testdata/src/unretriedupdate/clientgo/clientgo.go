// Package clientgo holds unretriedupdate scenarios for client-go typed,
// generated, generic and dynamic clients, informers and work queues.
package clientgo

import (
	"context"
	"fmt"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	"example.com/foo-operator/pkg/generated/clientset/versioned"
	foolisters "example.com/foo-operator/pkg/generated/listers/foo/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/gentype"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
	"k8s.io/klog/v2"

	"golang.org/x/sync/errgroup"
)

type Controller struct {
	kube    kubernetes.Interface
	foos    versioned.Interface
	dyn     dynamic.Interface
	lister  foolisters.FooLister
	queue   workqueue.TypedRateLimitingInterface[string]
	generic *gentype.Client[*corev1.ConfigMap]
}

var gvr = schema.GroupVersionResource{Group: "example.com", Version: "v1", Resource: "foos"}

func (c *Controller) typed(ctx context.Context, cm *corev1.ConfigMap) error {
	_, _ = c.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{})                        // want `conflict from ConfigMaps\(cm.Namespace\).Update is dropped: return it, or re-read cm inside retry.RetryOnConflict`
	if _, err := c.kube.CoreV1().Pods("ns").UpdateStatus(ctx, &corev1.Pod{}, metav1.UpdateOptions{}); err != nil { // ok: returned
		return err
	}
	if _, err := c.kube.CoreV1().ConfigMaps("ns").Create(ctx, cm, metav1.CreateOptions{}); err != nil { // ok: Create
		klog.Error(err)
	}
	return nil
}

func (c *Controller) generated(ctx context.Context, key string) error {
	ns, name, _ := cache.SplitMetaNamespaceKey(key)
	foo, err := c.lister.Foos(ns).Get(name)
	if err != nil {
		return err
	}
	foo = foo.DeepCopy()
	foo.Status.Phase = "Ready"
	if _, err := c.foos.FooV1().Foos(ns).UpdateStatus(ctx, foo, metav1.UpdateOptions{}); err != nil { // want `conflict from Foos\(ns\).UpdateStatus is only logged: re-read foo inside retry.RetryOnConflict`
		utilruntime.HandleError(fmt.Errorf("status of %s: %w", key, err))
	}
	spec, err := c.lister.Foos(ns).Get(name) // another copy: a rewrite of foo would carry foo's Conflict
	if err != nil {
		return err
	}
	spec = spec.DeepCopy()
	spec.Labels = map[string]string{"seen": "true"}
	updated, err := c.foos.FooV1().Foos(ns).Update(ctx, spec, metav1.UpdateOptions{}) // ok: returned
	if err != nil {
		return err
	}
	_ = updated
	return nil
}

func (c *Controller) genericClient(ctx context.Context, cm *corev1.ConfigMap) {
	c.generic.Update(ctx, cm, metav1.UpdateOptions{}) // want `conflict from c.generic.Update cannot be returned by genericClient: requeue the object, or re-read cm inside retry.RetryOnConflict`
}

func (c *Controller) dynamicClient(ctx context.Context, u, status *unstructured.Unstructured) error {
	if _, err := c.dyn.Resource(gvr).Namespace("ns").Update(ctx, u, metav1.UpdateOptions{}); err != nil { // want `conflict from Namespace\("ns"\).Update is only logged: return it, or re-read u inside retry.RetryOnConflict`
		klog.Errorf("update %s: %v", u.GetName(), err)
	}
	if _, err := c.dyn.Resource(gvr).Namespace("ns").UpdateStatus(ctx, status, metav1.UpdateOptions{}); err != nil { // ok: returned
		return err
	}
	return nil
}

// Informer event handlers return nothing, so a write there loses its error.
func (c *Controller) register(inf cache.SharedIndexInformer) {
	inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(oldObj, newObj any) {
			foo := newObj.(*foov1.Foo).DeepCopy()
			foo.Labels = map[string]string{"seen": "true"}
			if _, err := c.foos.FooV1().Foos(foo.Namespace).Update(context.TODO(), foo, metav1.UpdateOptions{}); err != nil { // want `conflict from Foos\(foo.Namespace\).Update cannot be returned by a function literal: re-read foo inside retry.RetryOnConflict`
				klog.ErrorS(err, "label")
			}
		},
		AddFunc: func(obj any) {
			key, _ := cache.MetaNamespaceKeyFunc(obj)
			c.queue.Add(key) // ok: no write here
		},
	})
}

// processNext is the usual work-queue loop: a failed sync is requeued.
func (c *Controller) processNext(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	ns, name, _ := cache.SplitMetaNamespaceKey(key)
	foo, err := c.lister.Foos(ns).Get(name)
	if err != nil {
		return true
	}
	foo = foo.DeepCopy()
	foo.Spec.Message = "synced"
	if _, err := c.foos.FooV1().Foos(ns).Update(ctx, foo, metav1.UpdateOptions{}); err != nil { // ok: requeued with rate limiting
		klog.Error(err)
		c.queue.AddRateLimited(key)
		return true
	}
	c.queue.Forget(key)
	return true
}

const maxRetries = 5

// syncFoo returns its write's failure to the worker.
func (c *Controller) syncFoo(ctx context.Context, key string) error {
	ns, name, _ := cache.SplitMetaNamespaceKey(key)
	foo, err := c.lister.Foos(ns).Get(name)
	if err != nil {
		return err
	}
	foo = foo.DeepCopy()
	foo.Status.Phase = "Synced"
	_, err = c.foos.FooV1().Foos(ns).UpdateStatus(ctx, foo, metav1.UpdateOptions{})
	return err
}

// processBounded retries a key a bounded number of times, then drops it
// (the work queue's retry budget, as client-go's sample controllers do).
func (c *Controller) processBounded(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	err := c.syncFoo(ctx, key) // ok: requeued until the budget runs out
	if err == nil {
		c.queue.Forget(key)
		return true
	}
	if c.queue.NumRequeues(key) < maxRetries {
		klog.Error(err)
		c.queue.AddRateLimited(key)
		return true
	}
	klog.Error(err)
	c.queue.Forget(key)
	return true
}

// processOnce logs the failure and forgets the key.
func (c *Controller) processOnce(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	if err := c.syncFoo(ctx, key); err != nil { // want `conflict from c.syncFoo cannot be returned by processOnce: requeue the object, or re-read the object inside retry.RetryOnConflict`
		klog.Error(err)
	}
	c.queue.Forget(key)
	return true
}

// reconcileKey hands its write's failure on with deleted == false, as
// Kubernetes' HPA controller's does; a key it cannot parse is deleted.
func (c *Controller) reconcileKey(ctx context.Context, key string) (deleted bool, err error) {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return true, err
	}
	foo, err := c.lister.Foos(ns).Get(name)
	if err != nil {
		return true, nil
	}
	foo = foo.DeepCopy()
	foo.Status.Phase = "Scaled"
	_, err = c.foos.FooV1().Foos(ns).UpdateStatus(ctx, foo, metav1.UpdateOptions{})
	return false, err
}

// reconcileOrDrop gives up on a failed write, saying the key is done.
func (c *Controller) reconcileOrDrop(ctx context.Context, key string) (done bool, err error) {
	ns, name, _ := cache.SplitMetaNamespaceKey(key)
	foo, err := c.lister.Foos(ns).Get(name)
	if err != nil {
		return true, nil
	}
	foo = foo.DeepCopy()
	foo.Status.Phase = "Scaled"
	_, err = c.foos.FooV1().Foos(ns).UpdateStatus(ctx, foo, metav1.UpdateOptions{})
	return true, err
}

// The worker requeues every key that was not deleted: the failure comes
// with deleted == false, so it is requeued.
func (c *Controller) processUnlessDeleted(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	deleted, err := c.reconcileKey(ctx, key) // ok: requeued, since the failure comes with deleted == false
	if err != nil {
		klog.Error(err)
	}
	if !deleted {
		c.queue.AddRateLimited(key)
	}
	return true
}

func (c *Controller) processUnlessDone(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	done, err := c.reconcileOrDrop(ctx, key) // want `conflict from c.reconcileOrDrop cannot be returned by processUnlessDone: requeue the object, or re-read the object inside retry.RetryOnConflict`
	if err != nil {
		klog.Error(err)
	}
	if !done {
		c.queue.AddRateLimited(key)
	}
	return true
}

const (
	noRequeue      = 0
	requeueBackoff = 5
)

// electionStep hands its failure on with a requeue interval, as the
// control plane's leader election controller does.
func (c *Controller) electionStep(ctx context.Context, key string) (int, error) {
	ns, name, _ := cache.SplitMetaNamespaceKey(key)
	foo, err := c.lister.Foos(ns).Get(name)
	if err != nil {
		return noRequeue, nil
	}
	foo = foo.DeepCopy()
	foo.Status.Phase = "Elected"
	if _, err := c.foos.FooV1().Foos(ns).UpdateStatus(ctx, foo, metav1.UpdateOptions{}); err != nil {
		return requeueBackoff, err
	}
	return noRequeue, nil
}

func (c *Controller) processElection(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	interval, err := c.electionStep(ctx, key) // ok: the failure comes with a requeue interval
	if err != nil {
		klog.Error(err)
	}
	if interval != noRequeue {
		c.queue.AddRateLimited(key)
	}
	c.queue.Done(key)
	return true
}

// pingAll writes in an errgroup and hands the group's error on with the
// requeue interval, as the leader election controller does.
func (c *Controller) pingAll(ctx context.Context, foos []*foov1.Foo) (int, error) {
	if len(foos) == 0 {
		return noRequeue, nil
	}
	g, gctx := errgroup.WithContext(ctx)
	for _, foo := range foos {
		clone := foo.DeepCopy()
		clone.Status.Phase = "Pinged"
		g.Go(func() error {
			_, err := c.foos.FooV1().Foos(clone.Namespace).UpdateStatus(gctx, clone, metav1.UpdateOptions{})
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return requeueBackoff, err
	}
	return noRequeue, nil
}

func (c *Controller) processPings(ctx context.Context, foos []*foov1.Foo) {
	key, quit := c.queue.Get()
	if quit {
		return
	}
	interval, err := c.pingAll(ctx, foos) // ok: the failure comes with a requeue interval
	if err != nil {
		klog.Error(err)
	}
	if interval != noRequeue {
		c.queue.AddRateLimited(key)
	}
	c.queue.Done(key)
}

// processWrapped is client-go's sample worker without its requeue (as
// kube-fledged's): the wrapped failure that the inline function returns
// ends in utilruntime.HandleError, and the key is dropped.
func (c *Controller) processWrapped(ctx context.Context) bool {
	obj, quit := c.queue.Get()
	if quit {
		return false
	}
	err := func(obj string) error {
		defer c.queue.Done(obj)
		if err := c.syncFoo(ctx, obj); err != nil { // want `conflict from c.syncFoo cannot be returned by processWrapped`
			klog.Errorf("error syncing %s: %v", obj, err.Error())
			return fmt.Errorf("error syncing %s: %v", obj, err.Error())
		}
		c.queue.Forget(obj)
		return nil
	}(obj)
	if err != nil {
		utilruntime.HandleError(err)
	}
	return true
}

// processWrappedRequeued is the sample worker itself: quiet.
func (c *Controller) processWrappedRequeued(ctx context.Context) bool {
	obj, quit := c.queue.Get()
	if quit {
		return false
	}
	err := func(obj string) error {
		defer c.queue.Done(obj)
		if err := c.syncFoo(ctx, obj); err != nil { // ok: requeued with rate limiting
			c.queue.AddRateLimited(obj)
			return fmt.Errorf("error syncing %s: %s, requeuing", obj, err.Error())
		}
		c.queue.Forget(obj)
		return nil
	}(obj)
	if err != nil {
		utilruntime.HandleError(err)
	}
	return true
}
