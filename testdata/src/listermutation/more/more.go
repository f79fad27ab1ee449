// Package more covers the remaining sources and changes; each finding
// comes with its fix.
package more

import (
	"context"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	foolisters "example.com/foo-operator/pkg/generated/listers/foo/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/dynamic/dynamiclister"
	"k8s.io/client-go/tools/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Controller struct {
	foos   foolisters.FooLister
	dyn    dynamiclister.Lister
	store  cache.Store
	client client.Client
	scheme *runtime.Scheme
}

func (c *Controller) storeList() {
	for _, item := range c.store.List() {
		foo, ok := item.(*foov1.Foo)
		if !ok {
			continue
		}
		foo.Status.Phase = "Listed" // want `assigning to foo.Status.Phase changes foo in the informer cache: every reader sees a change the server never got`
	}
}

func (c *Controller) statusUpdate(ctx context.Context, ns, name string) error {
	foo, err := c.foos.Foos(ns).Get(name)
	if err != nil {
		return err
	}
	return c.client.Status().Update(ctx, foo) // want `Status\(\).Update changes foo in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) patch(ctx context.Context, ns, name string) error {
	foo, err := c.foos.Foos(ns).Get(name)
	if err != nil {
		return err
	}
	return c.client.Patch(ctx, foo, client.MergeFrom(foo)) // want `c.client.Patch changes foo in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) removeFinalizer(ns, name string) {
	foo, _ := c.foos.Foos(ns).Get(name)
	controllerutil.RemoveFinalizer(foo, "example.com/cleanup") // want `controllerutil.RemoveFinalizer changes foo in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) ownerReference(owner *foov1.Foo, ns, name string) error {
	foo, _ := c.foos.Foos(ns).Get(name)
	return controllerutil.SetControllerReference(owner, foo, c.scheme) // want `controllerutil.SetControllerReference changes foo in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) ownerIsOnlyRead(ns, name string) error {
	owner, _ := c.foos.Foos(ns).Get(name)
	child := &corev1.ConfigMap{}
	return controllerutil.SetControllerReference(owner, child, c.scheme) // ok: the owner is only read
}

func (c *Controller) removeCondition(ns, name string) {
	foo, _ := c.foos.Foos(ns).Get(name)
	meta.RemoveStatusCondition(&foo.Status.Conditions, "Ready") // want `meta.RemoveStatusCondition changes foo in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) label(ns, name string) {
	foo, _ := c.foos.Foos(ns).Get(name)
	metav1.SetMetaDataLabel(&foo.ObjectMeta, "a", "b") // want `metav1.SetMetaDataLabel changes foo in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) ownerRefs(ns, name string) {
	foo, _ := c.foos.Foos(ns).Get(name)
	foo.SetOwnerReferences(nil) // want `foo.SetOwnerReferences changes foo in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) removeNested(name string) {
	u, _ := c.dyn.Get(name)
	unstructured.RemoveNestedField(u.Object, "status") // want `unstructured.RemoveNestedField changes u in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) unstructuredSetter(name string) {
	u, _ := c.dyn.Get(name)
	u.SetAnnotations(map[string]string{}) // want `u.SetAnnotations changes u in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) detailed(informer cache.SharedIndexInformer) {
	informer.AddEventHandler(cache.ResourceEventHandlerDetailedFuncs{
		AddFunc: func(obj interface{}, isInInitialList bool) {
			foo := obj.(*foov1.Foo)
			foo.Status.Phase = "Added" // want `assigning to foo.Status.Phase changes foo in the informer cache: every reader sees a change the server never got`
		},
	})
}

// lookup returns the cache's Foo at depth 0, and lookupVia's answer
// otherwise; lookupVia returns lookup's. Both can return the cache's
// object, whichever of the two was summarized first (relabelFirst asks
// about lookup before relabelSecond asks about lookupVia).
func (c *Controller) lookup(name string, depth int) *foov1.Foo {
	if depth == 0 {
		foo, _ := c.foos.Foos("ns").Get(name)
		return foo
	}
	return c.lookupVia(name, depth-1)
}

func (c *Controller) lookupVia(name string, depth int) *foov1.Foo {
	return c.lookup(name, depth)
}

func (c *Controller) relabelFirst(name string) {
	foo := c.lookup(name, 1)
	foo.Labels["first"] = "true" // want `assigning to foo.Labels\["first"\] changes foo`
}

func (c *Controller) relabelSecond(name string) {
	foo := c.lookupVia(name, 1)
	foo.Labels["second"] = "true" // want `assigning to foo.Labels\["second"\] changes foo`
}
