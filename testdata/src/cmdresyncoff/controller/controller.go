// Package controller is run by the ConfigMap informer's handler and writes
// Secrets it does not watch: only a resync would redo a lost write
// (TestWholeProgramResyncOff).
package controller

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

type Controller struct{ cs kubernetes.Interface }

// New registers the controller's handler, without a period of its own.
func New(cs kubernetes.Interface, factory informers.SharedInformerFactory) *Controller {
	c := &Controller{cs: cs}
	factory.Core().V1().ConfigMaps().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(old, cur interface{}) { c.enqueue(cur) },
	})
	return c
}

func (c *Controller) enqueue(obj interface{}) {}

func (c *Controller) labelSecret(ctx context.Context, s *corev1.Secret) {
	s.Labels = map[string]string{"synced": "true"}
	if _, err := c.cs.CoreV1().Secrets(s.Namespace).Update(ctx, s, metav1.UpdateOptions{}); err != nil {
		log.Printf("label secret: %v", err)
	}
}
