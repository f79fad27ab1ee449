// Package informergone grades a client-go controller's cleanup after a
// deletion: when the ConfigMap its key names is gone, it removes it from
// a shared index ConfigMap. That cleanup is lost for good when its Conflict
// is only logged, since the ConfigMap sends no event again and no resync
// lists it; the same call on the path where the ConfigMap exists waits
// for its next event.
package informergone

import (
	"context"
	"log"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	listers "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
)

type Unindexing struct {
	cs     kubernetes.Interface
	lister listers.ConfigMapLister
}

func New(cs kubernetes.Interface) *Unindexing {
	c := &Unindexing{cs: cs}
	factory := informers.NewSharedInformerFactory(cs, 0)
	factory.Core().V1().ConfigMaps().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(old, cur interface{}) { c.enqueue(cur) },
		DeleteFunc: func(obj interface{}) { c.enqueue(obj) },
	})
	return c
}

func (c *Unindexing) enqueue(obj interface{}) {}

func (c *Unindexing) sync(ctx context.Context, key string) error {
	namespace, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	cm, err := c.lister.ConfigMaps(namespace).Get(name)
	if apierrors.IsNotFound(err) {
		if err := c.unindex(ctx, name); err != nil { // want `conflict from c.unindex of the object is only logged: return it; lost for good`
			log.Printf("unindex %s: %v", key, err)
		}
		return nil
	}
	if err != nil {
		return err
	}
	if cm.Labels["indexed"] == "false" {
		if err := c.unindex(ctx, name); err != nil { // want `conflict from c.unindex is only logged: return it, or re-read the object inside retry.RetryOnConflict; lost until the next event`
			log.Printf("unindex %s: %v", key, err)
		}
	}
	return nil
}

func (c *Unindexing) unindex(ctx context.Context, name string) error {
	index, err := c.cs.CoreV1().ConfigMaps("system").Get(ctx, "index", metav1.GetOptions{})
	if err != nil {
		return err
	}
	delete(index.Data, name)
	_, err = c.cs.CoreV1().ConfigMaps("system").Update(ctx, index, metav1.UpdateOptions{})
	return err
}
