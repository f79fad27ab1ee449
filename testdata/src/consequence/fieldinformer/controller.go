// Package fieldinformer grades lost Conflicts of client-go controllers
// whose informers come from a shared store of another package (the kind
// of a field, by fact) or a local variable; a filtering handler or an
// informer of unknown kind gives no "until the next event".
package fieldinformer

import (
	"context"
	"log"
	"time"

	"consequence/store"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

// Setting watches ConfigMaps through the store's field, with no resync.
type Setting struct{ cs kubernetes.Interface }

func NewSetting(cs kubernetes.Interface, ds *store.Store) *Setting {
	c := &Setting{cs: cs}
	ds.ConfigMapInformer.AddEventHandlerWithResyncPeriod(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(old, cur interface{}) { c.enqueue(cur) },
	}, 0)
	return c
}

func (c *Setting) enqueue(obj interface{}) {}

// syncConfigMap writes the kind the store's informer watches.
func (c *Setting) syncConfigMap(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["applied"] = "true"
	if _, err := c.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `re-read cm after a conflict in retry.RetryOnConflict; lost until the next event`
		log.Printf("sync: %v", err)
	}
}

// syncSecret writes a kind it does not watch, and its registration asked
// for no resync (a period of 0 turns the default off).
func (c *Setting) syncSecret(ctx context.Context, s *corev1.Secret) {
	s.Labels = map[string]string{"synced": "true"}
	if _, err := c.cs.CoreV1().Secrets(s.Namespace).Update(ctx, s, metav1.UpdateOptions{}); err != nil { // want `re-read s after a conflict in retry.RetryOnConflict; lost for good`
		log.Printf("sync: %v", err)
	}
}

// Filtered watches ConfigMaps behind a filter, which may drop the change
// that caused the Conflict; its own hourly resync redoes the write.
type Filtered struct{ cs kubernetes.Interface }

func NewFiltered(cs kubernetes.Interface, ds *store.Store) *Filtered {
	c := &Filtered{cs: cs}
	ds.ConfigMapInformer.AddEventHandlerWithResyncPeriod(cache.FilteringResourceEventHandler{
		FilterFunc: func(obj interface{}) bool { return true },
		Handler: cache.ResourceEventHandlerFuncs{
			UpdateFunc: func(old, cur interface{}) { c.enqueue(cur) },
		},
	}, time.Hour)
	return c
}

func (c *Filtered) enqueue(obj interface{}) {}

func (c *Filtered) sync(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["applied"] = "true"
	if _, err := c.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `re-read cm after a conflict in retry.RetryOnConflict; lost until resync \(1h\)`
		log.Printf("sync: %v", err)
	}
}

// Given registers on an informer whose kind is not in view.
type Given struct{ cs kubernetes.Interface }

func NewGiven(cs kubernetes.Interface, ds *store.Store) *Given {
	c := &Given{cs: cs}
	ds.Given.AddEventHandlerWithResyncPeriod(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(old, cur interface{}) { c.enqueue(cur) },
	}, 0)
	return c
}

func (c *Given) enqueue(obj interface{}) {}

func (c *Given) sync(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["applied"] = "true"
	if _, err := c.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `re-read cm after a conflict in retry.RetryOnConflict; lost for good`
		log.Printf("sync: %v", err)
	}
}

// Local keeps the typed informer's Informer() in a variable first.
type Local struct{ cs kubernetes.Interface }

func NewLocal(cs kubernetes.Interface, f informers.SharedInformerFactory) *Local {
	c := &Local{cs: cs}
	informer := f.Core().V1().ConfigMaps().Informer()
	informer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(old, cur interface{}) { c.enqueue(cur) },
	})
	return c
}

func (c *Local) enqueue(obj interface{}) {}

func (c *Local) sync(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["applied"] = "true"
	if _, err := c.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `re-read cm after a conflict in retry.RetryOnConflict; lost until the next event`
		log.Printf("sync: %v", err)
	}
}
