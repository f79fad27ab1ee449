// Package signals declares an informer handler that signals a channel
// field on every update (SignalsFact on the field), and a function that
// registers it on a ConfigMap informer and returns the channel
// (SignalChannelFact on the function, and on the method of the interface
// whose one implementation it is). Look-alikes: a handler that never sends
// into its channel field, and a function that returns a channel no handler
// signals. Client also writes, as a provider's client does: the model
// finds channel watches in the packages it walks.
package signals

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
)

// Handler signals Ev on every update.
type Handler struct {
	Ev chan<- any // want Ev:`^signals$`
}

func (h *Handler) OnAdd(obj any, _ bool) {}

func (h *Handler) OnUpdate(_, cur any) { h.Ev <- cur }

func (h *Handler) OnDelete(obj any) {}

// Quiet keeps a channel it never sends into.
type Quiet struct {
	Ev chan<- any
}

func (q *Quiet) OnAdd(obj any, _ bool) {}

func (q *Quiet) OnUpdate(_, _ any) {}

func (q *Quiet) OnDelete(obj any) {}

// Watcher is what callers hold; Client is its one implementation.
type Watcher interface {
	WatchAll() (<-chan any, error) // want WatchAll:`^signalChannel\(result 0, \[k8s\.io/api/core/v1\.ConfigMap\]\)$`
	Unwatched() <-chan any
	UpdateStatus(ctx context.Context, cm *corev1.ConfigMap) error
}

type Client struct {
	cs      kubernetes.Interface
	factory informers.SharedInformerFactory
}

func (c *Client) UpdateStatus(ctx context.Context, cm *corev1.ConfigMap) error { // want UpdateStatus:`^returnsConflict\(param 1, as given 1\)$` UpdateStatus:`^keepsVersion\(params \[1\]\)$`
	_, err := c.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{})
	return err
}

func (c *Client) WatchAll() (<-chan any, error) { // want WatchAll:`^signalChannel\(result 0, \[k8s\.io/api/core/v1\.ConfigMap\]\)$`
	ch := make(chan any, 1)
	if _, err := c.factory.Core().V1().ConfigMaps().Informer().AddEventHandler(&Handler{Ev: ch}); err != nil {
		return nil, err
	}
	return ch, nil
}

// Unwatched returns a channel with a quiet handler.
func (c *Client) Unwatched() <-chan any {
	ch := make(chan any, 1)
	c.factory.Core().V1().ConfigMaps().Informer().AddEventHandler(&Quiet{Ev: ch})
	return ch
}
