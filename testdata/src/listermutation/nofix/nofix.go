// Package nofix holds findings that come without a fix, and the changes
// the analyzer must not report.
package nofix

import (
	"context"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	foolisters "example.com/foo-operator/pkg/generated/listers/foo/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Controller struct {
	pods    corelisters.PodLister
	foos    foolisters.FooLister
	indexer cache.Indexer
	kube    kubernetes.Interface
	client  client.Client
}

// Findings without a fix.

func (c *Controller) ifHeader(ns, name string) {
	if pod, err := c.pods.Pods(ns).Get(name); err == nil {
		pod.Labels["a"] = "b" // want `assigning to pod.Labels\["a"\] changes pod`
	}
}

func (c *Controller) element(sel labels.Selector) {
	pods, _ := c.pods.List(sel)
	pods[0].Labels["first"] = "true" // want `assigning to pods\[0\].Labels\["first"\] changes c.pods.List in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) runtimeObject(key string) {
	item, _, _ := c.indexer.GetByKey(key)
	obj := item.(runtime.Object)
	obj.(*foov1.Foo).Status.Phase = "x" // want `changes obj`
}

func (c *Controller) unsafeGet(ctx context.Context, key client.ObjectKey) error {
	var foo foov1.Foo
	if err := c.client.Get(ctx, key, &foo, client.UnsafeDisableDeepCopy); err != nil {
		return err
	}
	foo.Status.Phase = "Seen"             // ok: foo's own fields are a shallow copy
	foo.Labels["seen"] = "true"           // want `assigning to foo.Labels\["seen"\] changes c.client.Get in the informer cache: every reader sees a change the server never got`
	foo.Status.Conditions[0].Reason = "x" // ok: reported once per read
	return nil
}

func (c *Controller) unsafeList(ctx context.Context) {
	var list foov1.FooList
	_ = c.client.List(ctx, &list, client.UnsafeDisableDeepCopy)
	for i := range list.Items {
		list.Items[i].Status.Phase = "Seen"                 // ok: the items are shallow copies
		list.Items[i].Status.Conditions[0].Reason = "Stale" // want `assigning to list.Items\[i\].Status.Conditions\[0\].Reason changes`
	}
}

// Negatives.

func (c *Controller) copied(ns, name string) {
	foo, _ := c.foos.Foos(ns).Get(name)
	foo = foo.DeepCopy()
	foo.Status.Phase = "Copied" // ok: a deep copy
}

func (c *Controller) copiedToOther(ns, name string) *foov1.Foo {
	cached, _ := c.foos.Foos(ns).Get(name)
	foo := cached.DeepCopy()
	foo.Labels["a"] = "b" // ok: a deep copy
	return foo
}

func (c *Controller) copiedObject(key string) {
	item, _, _ := c.indexer.GetByKey(key)
	obj := item.(runtime.Object).DeepCopyObject()
	obj.(*foov1.Foo).Status.Phase = "x" // ok: DeepCopyObject
}

func (c *Controller) copiedInto(ns, name string) {
	cached, _ := c.foos.Foos(ns).Get(name)
	var foo foov1.Foo
	cached.DeepCopyInto(&foo)
	foo.Labels["a"] = "b"   // ok: DeepCopyInto
	foo.Status.Phase = "ok" // ok: DeepCopyInto
}

func (c *Controller) readOnly(ns, name string) string {
	pod, _ := c.pods.Pods(ns).Get(name)
	labels := pod.Labels
	_ = labels["a"]
	return pod.Status.Message + pod.Labels["owner"] // ok: reads
}

func (c *Controller) local() *corev1.Pod {
	pod := &corev1.Pod{}
	pod.Labels = map[string]string{}
	pod.Labels["a"] = "b" // ok: built here
	return pod
}

func (c *Controller) cachedClient(ctx context.Context, key client.ObjectKey) error {
	var foo foov1.Foo
	if err := c.client.Get(ctx, key, &foo); err != nil {
		return err
	}
	foo.Labels["seen"] = "true" // ok: controller-runtime deep-copies by default
	return c.client.Update(ctx, &foo)
}

func (c *Controller) typedUpdate(ctx context.Context, ns, name string) error {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	_, err = c.kube.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{}) // ok: the typed client does not write into pod
	return err
}

func (c *Controller) freshSlice(sel labels.Selector) []*corev1.Pod {
	pods, _ := c.pods.List(sel)
	pods[0] = &corev1.Pod{}            // ok: List returns a fresh slice
	return append(pods, &corev1.Pod{}) // ok: the slice is the caller's
}

func (c *Controller) reassigned(ns, name string) {
	pod, _ := c.pods.Pods(ns).Get(name)
	_ = pod
	pod = &corev1.Pod{}
	pod.Labels["a"] = "b" // ok: pod was replaced
}

func (c *Controller) handlerCopy(informer cache.SharedIndexInformer) {
	informer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj interface{}) {
			pod := obj.(*corev1.Pod).DeepCopy()
			pod.Labels["seen"] = "true" // ok: a copy
		},
	})
}

// appendOnly appends to the whole cached slice: only spare capacity beyond
// its length may be written, which no reader of the cache sees.
func (c *Controller) appendOnly(ns, name string) []string {
	pod, _ := c.pods.Pods(ns).Get(name)
	return append(pod.Finalizers, "example.com/cleanup") // ok: nothing within the cached length changes
}
