// Package controller runs its own event loop, as postgres-operator does:
// informer handlers and a ticker queue events on a cache.FIFO, and a
// worker dispatches them by type. The ticker lists every cluster and
// queues a sync event for each, so what the worker runs for a sync event
// runs again on each tick.
package controller

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"

	"cmdprogram/eventloop/cluster"
)

// EventType says what an event asks of the worker.
type EventType string

const (
	EventAdd    EventType = "ADD"
	EventUpdate EventType = "UPDATE"
	EventSync   EventType = "SYNC"
	EventRepair EventType = "REPAIR"
)

// Event is what the queue holds.
type Event struct {
	Type EventType
	Spec *corev1.ConfigMap
}

// Controller runs the clusters.
type Controller struct {
	client   kubernetes.Interface
	queue    *cache.FIFO
	clusters map[string]*cluster.Cluster
	period   time.Duration
	lastSync time.Time
}

// Run starts the worker and the resync ticker.
func (c *Controller) Run(stop <-chan struct{}) {
	go c.worker(stop)
	go c.resync(stop)
	<-stop
}

func (c *Controller) resync(stop <-chan struct{}) {
	ticker := time.NewTicker(c.period)
	for {
		select {
		case <-ticker.C:
			if err := c.listAndSync(); err != nil {
				log.Printf("could not list: %v", err)
			}
		case <-stop:
			return
		}
	}
}

func (c *Controller) listAndSync() error {
	var event EventType
	if time.Since(c.lastSync) >= c.period {
		event = EventSync
	} else {
		event = EventRepair
	}
	list, err := c.client.CoreV1().ConfigMaps("").List(context.TODO(), metav1.ListOptions{})
	if err != nil {
		return err
	}
	c.queueAll(list, event)
	return nil
}

func (c *Controller) queueAll(list *corev1.ConfigMapList, event EventType) {
	for i := range list.Items {
		c.queueEvent(&list.Items[i], event)
	}
}

func (c *Controller) queueEvent(spec *corev1.ConfigMap, eventType EventType) {
	ev := Event{Type: eventType, Spec: spec.DeepCopy()}
	if err := c.queue.Add(ev); err != nil {
		log.Printf("could not queue: %v", err)
	}
}

// onAdd is the informer's add handler.
func (c *Controller) onAdd(obj interface{}) {
	c.queueEvent(obj.(*corev1.ConfigMap), EventAdd)
}

func (c *Controller) worker(stop <-chan struct{}) {
	for {
		_, err := c.queue.Pop(cache.PopProcessFunc(func(obj interface{}, isInInitialList bool) error {
			event, ok := obj.(Event)
			if !ok {
				return nil
			}
			c.process(event)
			return nil
		}))
		if err != nil {
			return
		}
	}
}

func (c *Controller) process(event Event) {
	cl, found := c.clusters[event.Spec.Name]
	if event.Type == EventRepair {
		event.Type = EventSync
	}
	switch event.Type {
	case EventAdd:
		if found {
			return
		}
		cl = &cluster.Cluster{Client: c.client, Namespace: event.Spec.Namespace}
		c.clusters[event.Spec.Name] = cl
		if err := cl.Create(event.Spec); err != nil {
			log.Printf("could not create: %v", err)
		}
	case EventUpdate:
		c.annotate(event.Spec)
	case EventSync:
		if !found {
			return
		}
		if !event.Spec.DeletionTimestamp.IsZero() {
			if err := cl.Delete(); err != nil {
				log.Printf("could not delete: %v", err)
			}
		} else if err := cl.Sync(event.Spec); err != nil {
			log.Printf("could not sync: %v", err)
		}
	}
}

// annotate runs only for update events, which the ticker never queues.
func (c *Controller) annotate(spec *corev1.ConfigMap) {
	cm, err := c.client.CoreV1().ConfigMaps(spec.Namespace).Get(context.TODO(), spec.Name+"-notes", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Annotations = map[string]string{"seen": spec.ResourceVersion}
	if _, err := c.client.CoreV1().ConfigMaps(cm.Namespace).Update(context.TODO(), cm, metav1.UpdateOptions{}); err != nil {
		log.Printf("could not annotate: %v", err)
	}
}
