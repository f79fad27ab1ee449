// Package informer grades lost Conflicts of a client-go controller: an
// update handler on the written kind's informer runs the sync again; a
// factory's constant resync redoes it for a kind it only lists.
package informer

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

type Controller struct {
	cs kubernetes.Interface
}

// New registers the controller's handlers: ConfigMap updates reach it.
func New(cs kubernetes.Interface) *Controller {
	c := &Controller{cs: cs}
	factory := informers.NewSharedInformerFactory(cs, 30*time.Second)
	factory.Core().V1().ConfigMaps().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(old, cur interface{}) { c.enqueue(cur) },
	})
	return c
}

func (c *Controller) enqueue(obj interface{}) {}

// syncConfigMap writes the kind it watches.
func (c *Controller) syncConfigMap(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["synced"] = "true"
	if _, err := c.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update cannot be returned by syncConfigMap: re-read cm after a conflict in retry.RetryOnConflict; lost until the next event; no fix: the edit would not compile \(could not import k8s.io/apimachinery/pkg/api/errors \(package k8s.io/apimachinery/pkg/api/errors is not among the package's imports\)\)`
		log.Printf("sync: %v", err)
	}
}

// syncSecret writes a kind it does not watch; the factory's resync runs
// the controller again every 30 seconds.
func (c *Controller) syncSecret(ctx context.Context, s *corev1.Secret) {
	s.Labels = map[string]string{"synced": "true"}
	if _, err := c.cs.CoreV1().Secrets(s.Namespace).Update(ctx, s, metav1.UpdateOptions{}); err != nil { // want `conflict from Secrets\(s.Namespace\).Update cannot be returned by syncSecret: re-read s after a conflict in retry.RetryOnConflict; lost until resync \(30s\); no fix: the edit would not compile \(could not import k8s.io/apimachinery/pkg/api/errors \(package k8s.io/apimachinery/pkg/api/errors is not among the package's imports\)\)`
		log.Printf("sync: %v", err)
	}
}

// Lone has no handler, so no resync reaches it.
type Lone struct{ cs kubernetes.Interface }

func (l *Lone) sync(ctx context.Context, s *corev1.Secret) {
	s.Labels = map[string]string{"synced": "true"}
	if _, err := l.cs.CoreV1().Secrets(s.Namespace).Update(ctx, s, metav1.UpdateOptions{}); err != nil { // want `conflict from Secrets\(s.Namespace\).Update cannot be returned by sync: re-read s after a conflict in retry.RetryOnConflict; lost for good; no fix: the edit would not compile \(could not import k8s.io/apimachinery/pkg/api/errors \(package k8s.io/apimachinery/pkg/api/errors is not among the package's imports\)\)`
		log.Printf("sync: %v", err)
	}
}

// Throttled watches ConfigMaps but writes the version it checks at most
// once an hour: the next event runs it again and skips the write, so only
// the package's factory resync (New's, 30 seconds) is evidence.
type Throttled struct {
	cs        kubernetes.Interface
	lastCheck time.Time
}

func NewThrottled(cs kubernetes.Interface) *Throttled {
	c := &Throttled{cs: cs}
	factory := informers.NewSharedInformerFactory(cs, 0)
	factory.Core().V1().ConfigMaps().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(old, cur interface{}) { c.enqueue(cur) },
	})
	return c
}

func (c *Throttled) enqueue(obj interface{}) {}

func (c *Throttled) checkVersion(ctx context.Context, cm *corev1.ConfigMap) {
	now := time.Now()
	if now.Before(c.lastCheck.Add(time.Hour)) {
		return
	}
	c.lastCheck = now
	cm.Data["latest"] = "v2"
	if _, err := c.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `re-read cm after a conflict in retry.RetryOnConflict; lost until resync \(30s\)`
		log.Printf("version: %v", err)
	}
}

// Wrapped registers its handler through a method of its own that returns
// the handler literal (a project's wrapper): ConfigMap updates reach it.
type Wrapped struct{ cs kubernetes.Interface }

func NewWrapped(cs kubernetes.Interface) *Wrapped {
	c := &Wrapped{cs: cs}
	factory := informers.NewSharedInformerFactory(cs, 0)
	factory.Core().V1().ConfigMaps().Informer().AddEventHandler(c.handler())
	return c
}

func (c *Wrapped) handler() cache.ResourceEventHandler {
	return cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(old, cur interface{}) { c.enqueue(cur) },
	}
}

func (c *Wrapped) enqueue(obj interface{}) {}

func (c *Wrapped) sync(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["synced"] = "true"
	if _, err := c.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update cannot be returned by sync: re-read cm after a conflict in retry.RetryOnConflict; lost until the next event; no fix: the edit would not compile \(could not import k8s.io/apimachinery/pkg/api/errors \(package k8s.io/apimachinery/pkg/api/errors is not among the package's imports\)\)`
		log.Printf("sync: %v", err)
	}
}

// Unwrapped's handler comes from a method that decides between two: not
// a wrapper the model reads, so no watch is known and the write is lost.
type Unwrapped struct {
	cs    kubernetes.Interface
	quiet bool
}

func NewUnwrapped(cs kubernetes.Interface) *Unwrapped {
	c := &Unwrapped{cs: cs}
	factory := informers.NewSharedInformerFactory(cs, 0)
	factory.Core().V1().ConfigMaps().Informer().AddEventHandler(c.handler())
	return c
}

func (c *Unwrapped) handler() cache.ResourceEventHandler {
	if c.quiet {
		return cache.ResourceEventHandlerFuncs{}
	}
	return cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(old, cur interface{}) { c.enqueue(cur) },
	}
}

func (c *Unwrapped) enqueue(obj interface{}) {}

func (c *Unwrapped) sync(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["synced"] = "true"
	if _, err := c.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update cannot be returned by sync: re-read cm after a conflict in retry.RetryOnConflict; lost for good; no fix: the edit would not compile \(could not import k8s.io/apimachinery/pkg/api/errors \(package k8s.io/apimachinery/pkg/api/errors is not among the package's imports\)\)`
		log.Printf("sync: %v", err)
	}
}
