// Package fixes changes objects of informer caches in place; each finding
// comes with the fix that copies the object right after its read.
package fixes

import (
	"context"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	foolisters "example.com/foo-operator/pkg/generated/listers/foo/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/dynamic/dynamiclister"
	"k8s.io/client-go/kubernetes"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"listermutation/helpers"
)

type Controller struct {
	cms     corelisters.ConfigMapLister
	pods    corelisters.PodLister
	foos    foolisters.FooLister
	dyn     dynamiclister.Lister
	indexer cache.Indexer
	kube    kubernetes.Interface
	client  client.Client
}

func (c *Controller) mapWrite(ctx context.Context, ns, name string) error {
	cm, err := c.cms.ConfigMaps(ns).Get(name)
	if err != nil {
		return err
	}
	cm.Data["owner"] = "me" // want `assigning to cm.Data\["owner"\] changes cm in the informer cache: every reader sees the change, and the cache keeps it even if the write fails`
	cm.Data["again"] = "x"  // ok: the first change to cm is the one reported
	_, err = c.kube.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{})
	return err
}

func (c *Controller) deepField(ns, name string) {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return
	}
	pod.Spec.Containers[0].Image = "nginx" // want `assigning to pod.Spec.Containers\[0\].Image changes pod`
}

func (c *Controller) deleteLabel(ns, name string) {
	pod, _ := c.pods.Pods(ns).Get(name)
	delete(pod.Labels, "stale") // want `delete from pod.Labels changes pod`
}

func (c *Controller) dropFirstFinalizer(ns, name string) []string {
	pod, _ := c.pods.Pods(ns).Get(name)
	return append(pod.Finalizers[:0], pod.Finalizers[1:]...) // want `append to pod.Finalizers\[:0\] changes pod`
}

func (c *Controller) incGeneration(ns, name string) {
	foo, _ := c.foos.Foos(ns).Get(name)
	foo.Status.ObservedGeneration++ // want `assigning to foo.Status.ObservedGeneration changes foo`
}

func (c *Controller) setter(ns, name string) {
	pod, _ := c.pods.Pods(ns).Get(name)
	pod.SetLabels(map[string]string{"a": "b"}) // want `pod.SetLabels changes pod in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) metaHelpers(ns, name string) {
	pod, _ := c.pods.Pods(ns).Get(name)
	metav1.SetMetaDataAnnotation(&pod.ObjectMeta, "a", "b") // want `metav1.SetMetaDataAnnotation changes pod in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) finalizer(ns, name string) {
	foo, _ := c.foos.Foos(ns).Get(name)
	controllerutil.AddFinalizer(foo, "example.com/cleanup") // want `controllerutil.AddFinalizer changes foo in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) condition(ns, name string) {
	foo, _ := c.foos.Foos(ns).Get(name)
	meta.SetStatusCondition(&foo.Status.Conditions, metav1.Condition{Type: "Ready"}) // want `meta.SetStatusCondition changes foo in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) crUpdate(ctx context.Context, ns, name string) error {
	foo, err := c.foos.Foos(ns).Get(name)
	if err != nil {
		return err
	}
	return c.client.Update(ctx, foo) // want `c.client.Update changes foo in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) localHelper(ns, name string) {
	pod, _ := c.pods.Pods(ns).Get(name)
	label(pod) // want `label changes pod in the informer cache: every reader sees a change the server never got`
}

func label(p *corev1.Pod) { p.Labels["seen"] = "true" }

func (c *Controller) otherPackage(ns, name string) {
	pod, _ := c.pods.Pods(ns).Get(name)
	helpers.MarkOwned("me", pod) // want `helpers.MarkOwned changes pod in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) otherPackageTransitive(ns, name string) {
	pod, _ := c.pods.Pods(ns).Get(name)
	helpers.Relay(pod) // want `helpers.Relay changes pod in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) list(sel labels.Selector) {
	pods, _ := c.pods.List(sel)
	for _, pod := range pods {
		pod.Status.Message = "seen" // want `assigning to pod.Status.Message changes pod`
	}
}

func (c *Controller) dynamic(name string) {
	u, _ := c.dyn.Namespace("ns").Get(name)
	_ = unstructured.SetNestedField(u.Object, "x", "spec", "mode") // want `unstructured.SetNestedField changes u in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) byKey(key string) {
	item, exists, err := c.indexer.GetByKey(key)
	if err != nil || !exists {
		return
	}
	foo := item.(*foov1.Foo)
	foo.Spec.Message = "x" // want `assigning to foo.Spec.Message changes foo in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) handlers(informer cache.SharedIndexInformer) {
	informer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj interface{}) {
			pod, ok := obj.(*corev1.Pod)
			if !ok {
				return
			}
			pod.Labels["seen"] = "true" // want `assigning to pod.Labels\["seen"\] changes pod in the informer cache: every reader sees a change the server never got`
		},
		UpdateFunc: func(oldObj, newObj interface{}) {
			newPod := newObj.(*corev1.Pod)
			newPod.Status.Message = "updated" // want `assigning to newPod.Status.Message changes newPod in the informer cache: every reader sees a change the server never got`
		},
	})
}
