// Package handed is a project's generic controller (directpv's
// pkg/controller): it reads each object from the informer's indexer and
// hands it to the EventHandler of the kind, whose implementations live in
// the packages that import this one (listermutation/handed/nodes), so
// listermutation exports a HandsCachedFact for EventHandler.Handle.
// Refresher is given a fresh object from the API server instead: no fact.
package handed

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

// EventType says what happened to an object.
type EventType string

// EventHandler handles the objects of one kind.
type EventHandler interface {
	Handle(ctx context.Context, event EventType, object runtime.Object) error // want Handle:`^handsCached\[2\]$`
}

// Refresher is given objects read from the API server.
type Refresher interface {
	Refresh(ctx context.Context, node *corev1.Node) error
}

type Controller struct {
	informer  cache.SharedIndexInformer
	handler   EventHandler
	refresher Refresher
	kube      kubernetes.Interface
}

// New runs handler on the objects of informer.
func New(informer cache.SharedIndexInformer, handler EventHandler) *Controller {
	return &Controller{informer: informer, handler: handler}
}

// processItem hands the indexer's object to the handler.
func (c *Controller) processItem(ctx context.Context, key string, last runtime.Object) error {
	obj, _, err := c.informer.GetIndexer().GetByKey(key)
	if err != nil {
		return err
	}
	if obj == nil {
		return c.handler.Handle(ctx, "Delete", last)
	}
	return c.handler.Handle(ctx, "Update", obj.(runtime.Object))
}

// refresh hands the refresher an object of its own.
func (c *Controller) refresh(ctx context.Context, name string) error {
	node, err := c.kube.CoreV1().Nodes().Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	return c.refresher.Refresh(ctx, node)
}
