// Package emptyhandler grades lost Conflicts of a client-go controller
// whose handler registrations run nothing on an update: an UpdateFunc with
// an empty body does not bring the other writer's change back (openyurt's
// tunnel DNS controller ignores Service updates).
package emptyhandler

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

// New registers handlers for Services (added only) and ConfigMaps.
func New(cs kubernetes.Interface) *Controller {
	c := &Controller{cs: cs}
	factory := informers.NewSharedInformerFactory(cs, 0)
	factory.Core().V1().Services().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    c.addService,
		UpdateFunc: c.updateService,
	})
	factory.Core().V1().ConfigMaps().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    c.addService,
		UpdateFunc: c.updateConfigMap,
	})
	factory.Core().V1().Secrets().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    c.addService,
		UpdateFunc: func(old, cur interface{}) {},
	})
	return c
}

func (c *Controller) addService(obj interface{}) { c.enqueue(obj) }

func (c *Controller) updateService(old, cur interface{}) {
	// Service updates are ignored.
}

func (c *Controller) updateConfigMap(old, cur interface{}) { c.enqueue(cur) }

func (c *Controller) enqueue(obj interface{}) { log.Print(obj) }

// syncService writes a kind whose updates the controller ignores.
func (c *Controller) syncService(ctx context.Context, svc *corev1.Service) {
	svc.Labels = map[string]string{"synced": "true"}
	if _, err := c.cs.CoreV1().Services(svc.Namespace).Update(ctx, svc, metav1.UpdateOptions{}); err != nil { // want `conflict from Services\(svc.Namespace\).Update cannot be returned by syncService: re-read svc after a conflict in retry.RetryOnConflict; lost for good; no fix: .*`
		log.Printf("sync: %v", err)
	}
}

// syncSecret writes a kind whose update handler is an empty literal.
func (c *Controller) syncSecret(ctx context.Context, s *corev1.Secret) {
	s.Labels = map[string]string{"synced": "true"}
	if _, err := c.cs.CoreV1().Secrets(s.Namespace).Update(ctx, s, metav1.UpdateOptions{}); err != nil { // want `conflict from Secrets\(s.Namespace\).Update cannot be returned by syncSecret: re-read s after a conflict in retry.RetryOnConflict; lost for good; no fix: .*`
		log.Printf("sync: %v", err)
	}
}

// syncConfigMap writes a kind whose updates run the controller again.
func (c *Controller) syncConfigMap(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["synced"] = "true"
	if _, err := c.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update cannot be returned by syncConfigMap: re-read cm after a conflict in retry.RetryOnConflict; lost until the next event; no fix: .*`
		log.Printf("sync: %v", err)
	}
}
