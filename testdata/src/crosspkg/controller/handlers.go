package controller

import (
	"context"
	"log"

	"crosspkg/kubeutil"
	foov1 "example.com/foo-operator/pkg/apis/foo/v1"

	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Watcher writes from informer event handlers through a chain of helpers
// of another package (MarkSeen → markPhase → SetPhase). A handler returns
// nothing: one that only logs loses the Conflict, one that puts the key
// back on its queue retries.
type Watcher struct {
	c     client.Client
	queue workqueue.TypedRateLimitingInterface[string]
}

func (w *Watcher) register(inf cache.SharedIndexInformer) {
	inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(_, newObj any) {
			foo := newObj.(*foov1.Foo).DeepCopy()
			if err := kubeutil.MarkSeen(context.TODO(), w.c, foo); err != nil { // want `conflict from kubeutil.MarkSeen cannot be returned by a function literal: requeue the object, or re-read foo inside retry.RetryOnConflict`
				log.Printf("mark seen: %v", err)
			}
		},
		AddFunc: func(obj any) {
			foo := obj.(*foov1.Foo).DeepCopy()
			if err := kubeutil.MarkSeen(context.TODO(), w.c, foo); err != nil { // ok: the key goes back on the queue
				key, _ := cache.MetaNamespaceKeyFunc(obj)
				w.queue.AddRateLimited(key)
			}
		},
	})
}
