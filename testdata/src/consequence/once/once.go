// Package once grades lost Conflicts of writes in a function that
// sync.Once runs: it runs once per process, so neither the watch that
// runs the reconcile again nor a tick redoes the write (OpenFunction's
// Serving controller patches knative's feature flags in a once.Do
// literal, on the reconcile's error path). Beside them, the same writes
// outside a Once keep the watch's and the tick's grades.
package once

import (
	"context"
	"log"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

var patchFlags sync.Once

// Flags watches the ConfigMaps it writes.
type Flags struct{ client.Client }

func (r *Flags) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

func (r *Flags) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	patchFlags.Do(func() {
		var cm corev1.ConfigMap
		if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
			return
		}
		cm.Data["fieldRef"] = "enabled"
		if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update cannot be returned by a function literal: re-read cm inside retry.RetryOnConflict; lost for good`
			log.Printf("update flags: %v", err)
		}
	})
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data["seen"] = "true"
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update of cm is only logged: return it; lost until the next event`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}

type Ticker struct {
	cs   kubernetes.Interface
	once sync.Once
}

// Run runs the checks each minute.
func (c *Ticker) Run(stop <-chan struct{}) {
	go wait.Until(c.syncOnce, time.Minute, stop)
	go wait.Until(c.syncFirst, time.Minute, stop)
	go wait.Until(c.syncEach, time.Minute, stop)
	<-stop
}

// syncFirst writes in a literal the Once runs on the first tick only.
func (c *Ticker) syncFirst() {
	c.once.Do(func() {
		ctx := context.Background()
		cm, err := c.cs.CoreV1().ConfigMaps("default").Get(ctx, "first", metav1.GetOptions{})
		if err != nil {
			return
		}
		cm.Data = map[string]string{"first": "done"}
		if _, err := c.cs.CoreV1().ConfigMaps("default").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("default"\).Update cannot be returned by a function literal: re-read cm inside retry.RetryOnConflict; lost for good`
			log.Printf("update first: %v", err)
		}
	})
}

// syncOnce writes in a function the Once runs on the first tick only.
func (c *Ticker) syncOnce() {
	setup := sync.OnceFunc(func() {
		ctx := context.Background()
		cm, err := c.cs.CoreV1().ConfigMaps("default").Get(ctx, "setup", metav1.GetOptions{})
		if err != nil {
			return
		}
		cm.Data = map[string]string{"setup": "done"}
		if _, err := c.cs.CoreV1().ConfigMaps("default").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("default"\).Update cannot be returned by a function literal: re-read cm inside retry.RetryOnConflict; lost for good`
			log.Printf("update setup: %v", err)
		}
	})
	c.once.Do(setup)
}

// syncEach writes on every tick.
func (c *Ticker) syncEach() {
	ctx := context.Background()
	cm, err := c.cs.CoreV1().ConfigMaps("default").Get(ctx, "each", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"each": "done"}
	if _, err := c.cs.CoreV1().ConfigMaps("default").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("default"\).Update cannot be returned by syncEach: re-read cm inside retry.RetryOnConflict; lost until resync \(1m\)`
		log.Printf("update each: %v", err)
	}
}
