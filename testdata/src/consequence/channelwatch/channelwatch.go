// Package channelwatch grades lost Conflicts of controllers that hear of
// changes through a channel: the handler added to an informer signals a
// channel on every update (events.Handler, of another package, or an
// UpdateFunc literal), and a loop that receives from the channel runs the
// controller again. Provider's channel comes from a client interface's
// WatchAll and passes through a throttle; Local's loop is in the function
// that registers the handler. A lost write of the watched kind in the
// loop owner's methods is redone by the next change; a write of another
// kind, a channel received from once, and a channel variable set to
// another channel get no such heal.
package channelwatch

import (
	"context"
	"log"
	"time"

	"consequence/channelwatch/events"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

// Client is what a Provider needs; clientWrapper is its one
// implementation.
type Client interface {
	WatchAll(stop <-chan struct{}) (<-chan any, error)
	UpdateConfigMap(ctx context.Context, cm *corev1.ConfigMap) error
	UpdateSecret(ctx context.Context, s *corev1.Secret) error
}

type clientWrapper struct {
	cs      kubernetes.Interface
	factory informers.SharedInformerFactory
}

// WatchAll signals the channel it returns on every ConfigMap change.
func (c *clientWrapper) WatchAll(stop <-chan struct{}) (<-chan any, error) {
	eventCh := make(chan any, 1)
	handler := &events.Handler{Ev: eventCh}
	if _, err := c.factory.Core().V1().ConfigMaps().Informer().AddEventHandler(handler); err != nil {
		return nil, err
	}
	return eventCh, nil
}

func (c *clientWrapper) UpdateConfigMap(ctx context.Context, cm *corev1.ConfigMap) error {
	_, err := c.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{})
	return err
}

func (c *clientWrapper) UpdateSecret(ctx context.Context, s *corev1.Secret) error {
	_, err := c.cs.CoreV1().Secrets(s.Namespace).Update(ctx, s, metav1.UpdateOptions{})
	return err
}

type Provider struct {
	client   Client
	throttle time.Duration
	cm       *corev1.ConfigMap
	secret   *corev1.Secret
}

// Run rebuilds on every signal, at most once per throttle period.
func (p *Provider) Run(ctx context.Context) error {
	ch, err := p.client.WatchAll(ctx.Done())
	if err != nil {
		return err
	}
	if throttled := throttle(p.throttle, ch); throttled != nil {
		ch = throttled
	}
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-ch:
			p.reload(ctx)
		}
	}
}

func (p *Provider) reload(ctx context.Context) {
	p.publish(ctx)
	p.record(ctx)
}

// publish writes the kind the handler signals; the other writer's change
// is an update, so its signal runs publish again.
func (p *Provider) publish(ctx context.Context) {
	cm := p.cm.DeepCopy()
	cm.Data = map[string]string{"published": "true"}
	if err := p.client.UpdateConfigMap(ctx, cm); err != nil { // want `conflict from p.client.UpdateConfigMap cannot be returned by publish: requeue the object, or re-read cm inside retry.RetryOnConflict; lost until the next event`
		log.Printf("publish: %v", err)
	}
}

// record writes a kind no informer of the channel watches.
func (p *Provider) record(ctx context.Context) {
	s := p.secret.DeepCopy()
	s.Labels = map[string]string{"recorded": "true"}
	if err := p.client.UpdateSecret(ctx, s); err != nil { // want `conflict from p.client.UpdateSecret cannot be returned by record: requeue the object, or re-read s inside retry.RetryOnConflict; lost for good`
		log.Printf("record: %v", err)
	}
}

// throttle passes each signal of in on, at most one pending, and waits d
// after each; it returns nil when there is nothing to throttle.
func throttle(d time.Duration, in <-chan any) <-chan any {
	if d == 0 {
		return nil
	}
	out := make(chan any, 1)
	go func() {
		for {
			next := <-in
			select {
			case out <- next:
			default:
			}
			time.Sleep(d)
		}
	}()
	return out
}

// Once builds once, on the first signal: later changes run nothing.
type Once struct {
	client Client
	cm     *corev1.ConfigMap
}

func (o *Once) Run(ctx context.Context) error {
	ch, err := o.client.WatchAll(ctx.Done())
	if err != nil {
		return err
	}
	<-ch
	o.publish(ctx)
	return nil
}

func (o *Once) publish(ctx context.Context) {
	cm := o.cm.DeepCopy()
	cm.Data = map[string]string{"published": "true"}
	if err := o.client.UpdateConfigMap(ctx, cm); err != nil { // want `conflict from o.client.UpdateConfigMap cannot be returned by publish: requeue the object, or re-read cm inside retry.RetryOnConflict; lost for good`
		log.Printf("publish: %v", err)
	}
}

// Swapped loops on a channel it sets to one of its own, which no handler
// signals.
type Swapped struct {
	client Client
	cm     *corev1.ConfigMap
}

func (s *Swapped) Run(ctx context.Context, manual <-chan any) error {
	ch, err := s.client.WatchAll(ctx.Done())
	if err != nil {
		return err
	}
	if manual != nil {
		ch = manual
	}
	for range ch {
		s.publish(ctx)
	}
	return nil
}

func (s *Swapped) publish(ctx context.Context) {
	cm := s.cm.DeepCopy()
	cm.Data = map[string]string{"published": "true"}
	if err := s.client.UpdateConfigMap(ctx, cm); err != nil { // want `conflict from s.client.UpdateConfigMap cannot be returned by publish: requeue the object, or re-read cm inside retry.RetryOnConflict; lost for good`
		log.Printf("publish: %v", err)
	}
}

// Local signals a channel of its own from an UpdateFunc and loops on it
// in the function that registers the handler.
type Local struct {
	cs kubernetes.Interface
	cm *corev1.ConfigMap
}

func (l *Local) Run(ctx context.Context, factory informers.SharedInformerFactory) {
	changes := make(chan struct{}, 1)
	factory.Core().V1().ConfigMaps().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(_, _ interface{}) {
			select {
			case changes <- struct{}{}:
			default:
			}
		},
	})
	for range changes {
		l.publish(ctx)
	}
}

func (l *Local) publish(ctx context.Context) {
	cm := l.cm.DeepCopy()
	cm.Data = map[string]string{"published": "true"}
	if _, err := l.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update cannot be returned by publish: .*; lost until the next event`
		log.Printf("publish: %v", err)
	}
}
