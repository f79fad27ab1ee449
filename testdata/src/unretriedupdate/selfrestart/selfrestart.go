// Package selfrestart runs a helper that reads its object and writes it,
// from a timer's goroutine that, when the helper fails, resets the timer
// for a backoff and starts itself again with the same arguments
// (OpenFunction's build timeout): the next run calls the helper again,
// which reads the object afresh, so the Conflict is retried. Beside it, a
// restart with another object, and one that writes the object it was
// handed without reading it: not the same write again, lost.
package selfrestart

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Timeouts struct {
	client.Client
	ctx context.Context
}

// markTimedOut reads the ConfigMap and writes its state.
func (r *Timeouts) markTimedOut(cm *corev1.ConfigMap) error {
	fresh := &corev1.ConfigMap{}
	if err := r.Get(r.ctx, client.ObjectKeyFromObject(cm), fresh); err != nil {
		return client.IgnoreNotFound(err)
	}
	fresh.Data = map[string]string{"state": "timeout"}
	return r.Update(r.ctx, fresh)
}

// markStale writes the ConfigMap it is handed.
func (r *Timeouts) markStale(cm *corev1.ConfigMap) error {
	cm.Data = map[string]string{"state": "timeout"}
	return r.Update(r.ctx, cm)
}

func (r *Timeouts) wait(cm *corev1.ConfigMap, t *time.Timer, retries int) {
	<-t.C
	if err := r.markTimedOut(cm); err != nil { // ok: the restart below reads it again and writes it again
		log.Printf("mark %s: %v", cm.Name, err)
		t.Reset(time.Second << retries)
		go r.wait(cm, t, retries+1)
		return
	}
}

func (r *Timeouts) waitOther(cm, other *corev1.ConfigMap, t *time.Timer) {
	<-t.C
	if err := r.markTimedOut(cm); err != nil { // want `conflict from r.markTimedOut cannot be returned by waitOther`
		log.Printf("mark %s: %v", cm.Name, err)
		t.Reset(time.Second)
		go r.waitOther(other, cm, t)
		return
	}
}

func (r *Timeouts) waitStale(cm *corev1.ConfigMap, t *time.Timer, retries int) {
	<-t.C
	if err := r.markStale(cm); err != nil { // want `conflict from r.markStale cannot be returned by waitStale`
		log.Printf("mark %s: %v", cm.Name, err)
		t.Reset(time.Second << retries)
		go r.waitStale(cm, t, retries+1)
		return
	}
}
