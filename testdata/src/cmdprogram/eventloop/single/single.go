// Package single queues on its ticker the objects of a slice it builds
// from one it kept, not a list read on the tick: the worker's sync runs
// on each tick, but for that object only, and with what it held before,
// so a lost write is not known to be redone.
package single

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

type event struct {
	obj *corev1.ConfigMap
}

// Controller syncs the ConfigMaps its informer hands it.
type Controller struct {
	client kubernetes.Interface
	queue  *cache.FIFO
	last   *corev1.ConfigMap
}

func (c *Controller) resync(stop <-chan struct{}) {
	for {
		select {
		case <-time.After(time.Minute):
			kept := []*corev1.ConfigMap{c.last}
			for _, cm := range kept {
				c.queue.Add(event{obj: cm})
			}
		case <-stop:
			return
		}
	}
}

func (c *Controller) worker() {
	for {
		c.queue.Pop(func(obj interface{}, _ bool) error {
			c.sync(obj.(event).obj)
			return nil
		})
	}
}

func (c *Controller) sync(cm *corev1.ConfigMap) {
	cm.Data = map[string]string{"synced": "true"}
	if _, err := c.client.CoreV1().ConfigMaps(cm.Namespace).Update(context.TODO(), cm, metav1.UpdateOptions{}); err != nil {
		log.Printf("could not sync: %v", err)
	}
}
