// Package cacheuse reads from informer caches and registers handlers: the
// cache model finds each read and each handler argument.
package cacheuse

import (
	"context"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	"k8s.io/apimachinery/pkg/labels"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func reads(ctx context.Context, l corelisters.ConfigMapLister, idx cache.Indexer, c client.Client) {
	_, _ = l.ConfigMaps("ns").Get("a")  // want "cache read 1"
	_, _ = l.List(labels.Everything())  // want "cache read 2"
	_, _, _ = idx.GetByKey("ns/a")      // want "cache read 1"
	_ = idx.List()                      // want "cache read 2"
	_, _ = idx.ByIndex("by-owner", "x") // want "cache read 2"
	var foo foov1.Foo
	_ = c.Get(ctx, client.ObjectKey{}, &foo, client.UnsafeDisableDeepCopy) // want "cache read 3"
	_ = c.Get(ctx, client.ObjectKey{}, &foo)                               // ok: a deep copy
}

func handlers(inf cache.SharedIndexInformer) {
	_, _ = inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(obj interface{}) {},            // want "handler argument obj"
		UpdateFunc: func(oldObj, newObj interface{}) {}, // want "handler argument oldObj" "handler argument newObj"
	})
}
