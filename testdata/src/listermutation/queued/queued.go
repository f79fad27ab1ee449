// Package queued hands the informer's objects to a worker through a work
// queue: when the handler adds the object itself (not its key), what the
// worker takes from the queue is the cache's object.
package queued

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
)

type Controller struct {
	kube  kubernetes.Interface
	queue workqueue.Interface
	keys  workqueue.Interface
}

func (c *Controller) register(informer cache.SharedIndexInformer) {
	informer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(oldObj, newObj interface{}) {
			c.queue.Add(newObj) // the object itself
		},
		AddFunc: func(obj interface{}) {
			key, err := cache.MetaNamespaceKeyFunc(obj)
			if err == nil {
				c.keys.Add(key) // only its key
			}
		},
	})
}

func (c *Controller) work(ctx context.Context) {
	item, shutdown := c.queue.Get()
	if shutdown {
		return
	}
	defer c.queue.Done(item)
	pod := item.(*corev1.Pod)
	pod.Status.Phase = corev1.PodRunning // want `assigning to pod.Status.Phase changes pod`
	_, _ = c.kube.CoreV1().Pods(pod.Namespace).UpdateStatus(ctx, pod, metav1.UpdateOptions{})
}

func (c *Controller) workKeys(ctx context.Context) {
	item, shutdown := c.keys.Get()
	if shutdown {
		return
	}
	defer c.keys.Done(item)
	_ = item.(string) // ok: a key, not the cache's object
}
