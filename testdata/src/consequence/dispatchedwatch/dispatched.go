// Package dispatchedwatch grades lost Conflicts of a controller whose
// informer handlers only queue typed events on its own work queue, and
// whose worker dispatches them by type (the shape of openyurt's DNS
// controller). A ConfigMap update event runs what the worker runs for a
// ConfigMapUpdate event, and so heals a lost ConfigMap write there; the
// full rebuild, which the worker runs for Service events and a ticker runs
// every half hour, is not run by a ConfigMap event: its loss waits for
// the tick.
package dispatchedwatch

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
)

type EventType string

const (
	ServiceAdd      EventType = "ServiceAdd"
	ConfigMapUpdate EventType = "ConfigMapUpdate"
)

type Event struct {
	Obj  interface{}
	Type EventType
}

type Controller struct {
	cs    kubernetes.Interface
	queue workqueue.TypedRateLimitingInterface[*Event]
}

func New(cs kubernetes.Interface, factory informers.SharedInformerFactory) *Controller {
	c := &Controller{cs: cs}
	factory.Core().V1().ConfigMaps().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: c.updateConfigMap,
	})
	factory.Core().V1().Services().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: c.addService,
	})
	return c
}

func (c *Controller) Run(stop <-chan struct{}) {
	go wait.Until(c.worker, time.Second, stop)
	go wait.Until(func() {
		if err := c.rebuild(); err != nil { // want `conflict from c.rebuild cannot be returned by a goroutine: .*; lost until resync \(30m\)`
			log.Printf("could not rebuild: %v", err)
		}
	}, 30*time.Minute, stop)
	<-stop
}

func (c *Controller) enqueue(obj interface{}, eventType EventType) {
	c.queue.Add(&Event{Obj: obj, Type: eventType})
}

func (c *Controller) updateConfigMap(_, cur interface{}) {
	c.enqueue(cur, ConfigMapUpdate)
}

func (c *Controller) addService(obj interface{}) {
	c.enqueue(obj, ServiceAdd)
}

func (c *Controller) worker() {
	for c.processNext() {
	}
}

func (c *Controller) processNext() bool {
	event, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(event)
	if err := c.dispatch(event); err != nil {
		c.queue.AddRateLimited(event)
		return true
	}
	c.queue.Forget(event)
	return true
}

func (c *Controller) dispatch(event *Event) error {
	switch event.Type {
	case ServiceAdd:
		return c.rebuild()
	case ConfigMapUpdate:
		c.summarize(event.Obj.(*corev1.ConfigMap).Namespace)
	}
	return nil
}

// summarize runs for ConfigMap update events: a ConfigMap event redoes it.
func (c *Controller) summarize(ns string) {
	cm, err := c.cs.CoreV1().ConfigMaps(ns).Get(context.TODO(), "summary", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"summarized": "true"}
	if _, err := c.cs.CoreV1().ConfigMaps(ns).Update(context.TODO(), cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(ns\).Update cannot be returned by summarize: .*; lost until the next event`
		log.Printf("could not summarize: %v", err)
	}
}

// rebuild rewrites the records from scratch; only Service events and the
// tick run it.
func (c *Controller) rebuild() error {
	cm, err := c.cs.CoreV1().ConfigMaps("kube-system").Get(context.TODO(), "records", metav1.GetOptions{})
	if err != nil {
		return err
	}
	cm.Data = map[string]string{"rebuilt": time.Now().String()}
	_, err = c.cs.CoreV1().ConfigMaps(cm.Namespace).Update(context.TODO(), cm, metav1.UpdateOptions{})
	return err
}
