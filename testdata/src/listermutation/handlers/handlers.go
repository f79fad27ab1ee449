// Package handlers changes the arguments of informer event handlers and
// parts of cached objects; each finding comes with its fix.
package handlers

import (
	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	foolisters "example.com/foo-operator/pkg/generated/listers/foo/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/cache"
)

type Controller struct {
	foos foolisters.FooLister
}

func (c *Controller) alias(ns, name string) {
	foo, _ := c.foos.Foos(ns).Get(name)
	status := &foo.Status
	status.Phase = "Ready" // want `assigning to status.Phase changes foo`
}

func (c *Controller) conditions(ns, name string) {
	foo, _ := c.foos.Foos(ns).Get(name)
	conds := foo.Status.Conditions
	conds[0].Status = metav1.ConditionTrue // want `assigning to conds\[0\].Status changes foo`
}

func (c *Controller) tombstone(informer cache.SharedIndexInformer) {
	informer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		DeleteFunc: func(obj interface{}) {
			tomb, ok := obj.(cache.DeletedFinalStateUnknown)
			if !ok {
				return
			}
			pod := tomb.Obj.(*corev1.Pod)
			pod.Status.Message = "gone" // ok: the informer took it out of its store before calling the handler
		},
	})
}

func (c *Controller) methodValue(informer cache.SharedIndexInformer) {
	informer.AddEventHandler(cache.FilteringResourceEventHandler{
		FilterFunc: c.accept,
		Handler:    cache.ResourceEventHandlerFuncs{UpdateFunc: c.onUpdate},
	})
	informer.AddEventHandler(&handler{})
}

func (c *Controller) accept(obj interface{}) bool {
	foo, ok := obj.(*foov1.Foo)
	if ok {
		foo.Status.Phase = "Filtered" // want `assigning to foo.Status.Phase changes foo in the informer cache: every reader sees a change the server never got`
	}
	return ok
}

func (c *Controller) onUpdate(oldObj, newObj interface{}) {
	foo := newObj.(*foov1.Foo)
	foo.Status.Phase = "Updated" // want `assigning to foo.Status.Phase changes foo in the informer cache: every reader sees a change the server never got`
}

type handler struct{}

func (h *handler) OnAdd(obj interface{}, isInInitialList bool) {}
func (h *handler) OnUpdate(oldObj, newObj interface{}) {
	foo := oldObj.(*foov1.Foo)
	foo.Status.Phase = "Old" // want `assigning to foo.Status.Phase changes foo in the informer cache: every reader sees a change the server never got`
}
func (h *handler) OnDelete(obj interface{}) {
	if foo, ok := obj.(*foov1.Foo); ok {
		foo.Status.Phase = "Deleted" // ok: no longer in the informer's store
	}
}
