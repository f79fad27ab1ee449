// Package registrar grades lost Conflicts of a controller that registers
// its handlers through a function of its own taking the handler as a
// parameter (the shape of NGINX's ingress controller: the handlers built
// by createHandlers(c), added to the ConfigMap informer by
// addConfigMapHandler): the registrar's call is a watch of its
// informer's kind by the type whose methods the handler calls. A kind no
// registrar's informer watches gets no such heal, nor does a registrar
// handed a handler whose UpdateFunc does nothing.
package registrar

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

type Controller struct {
	cs kubernetes.Interface
}

type informerSet struct {
	factory informers.SharedInformerFactory
}

// addConfigMapHandler registers handlers on the ConfigMap informer.
func (s *informerSet) addConfigMapHandler(handlers cache.ResourceEventHandlerFuncs) error {
	informer := s.factory.Core().V1().ConfigMaps().Informer()
	if _, err := informer.AddEventHandler(handlers); err != nil {
		return err
	}
	return nil
}

func createHandlers(c *Controller) cache.ResourceEventHandlerFuncs {
	return cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(_, cur interface{}) { c.enqueue(cur) },
	}
}

// New registers the controller's handlers through the registrar.
func New(cs kubernetes.Interface, s *informerSet) (*Controller, error) {
	c := &Controller{cs: cs}
	if err := s.addConfigMapHandler(createHandlers(c)); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *Controller) enqueue(obj interface{}) {}

// syncConfigMap writes the kind the registrar's informer watches.
func (c *Controller) syncConfigMap(ctx context.Context, cm *corev1.ConfigMap) {
	cm = cm.DeepCopy()
	cm.Data = map[string]string{"synced": "true"}
	if _, err := c.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update cannot be returned by syncConfigMap: .*; lost until the next event`
		log.Printf("sync: %v", err)
	}
}

// syncSecret writes a kind no informer of the controller watches.
func (c *Controller) syncSecret(ctx context.Context, s *corev1.Secret) {
	s = s.DeepCopy()
	s.Labels = map[string]string{"synced": "true"}
	if _, err := c.cs.CoreV1().Secrets(s.Namespace).Update(ctx, s, metav1.UpdateOptions{}); err != nil { // want `conflict from Secrets\(s.Namespace\).Update cannot be returned by syncSecret: .*; lost for good`
		log.Printf("sync: %v", err)
	}
}

// Deaf is handed to the registrar with an UpdateFunc that does nothing.
type Deaf struct{ cs kubernetes.Interface }

func NewDeaf(cs kubernetes.Interface, s *informerSet) *Deaf {
	d := &Deaf{cs: cs}
	_ = s.addConfigMapHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(obj interface{}) { d.enqueue(obj) },
		UpdateFunc: func(_, _ interface{}) {},
	})
	return d
}

func (d *Deaf) enqueue(obj interface{}) {}

func (d *Deaf) sync(ctx context.Context, cm *corev1.ConfigMap) {
	cm = cm.DeepCopy()
	cm.Data = map[string]string{"synced": "true"}
	if _, err := d.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update cannot be returned by sync: .*; lost for good`
		log.Printf("sync: %v", err)
	}
}
