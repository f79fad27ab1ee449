// Package passagain reduces Sveltos addon-controller's drift-detection
// upgrade: a loop lists the clusters, upgrades each, clears a flag when
// one fails, and leaves only when a whole pass succeeded; otherwise it
// sleeps and lists them again. A failed write is retried by the next
// pass. A worker loop that leaves on its queue's shutdown, a flag the
// failure does not clear, and a loop that also gives up after a deadline
// lose the write.
package passagain

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type upgrader struct {
	c client.Client
}

// upgrade writes the ConfigMap it is given.
func (u *upgrader) upgrade(ctx context.Context, cm *corev1.ConfigMap) error {
	cm.Data = map[string]string{"version": "2"}
	return u.c.Update(ctx, cm)
}

// upgradeAll repeats the pass until every ConfigMap is upgraded.
func (u *upgrader) upgradeAll(ctx context.Context) {
	for {
		list := &corev1.ConfigMapList{}
		if err := u.c.List(ctx, list); err != nil {
			time.Sleep(10 * time.Second)
			continue
		}
		allDone := true
		for i := range list.Items {
			if err := u.upgrade(ctx, &list.Items[i]); err != nil { // ok: the next pass lists and upgrades it again
				allDone = false
				continue
			}
		}
		if allDone {
			break
		}
		time.Sleep(10 * time.Second)
	}
}

type queue interface {
	Get() (key string, shutdown bool)
	Done(key string)
}

// work leaves only when its queue shuts down: the next turn is another
// key's.
func (u *upgrader) work(ctx context.Context, q queue) {
	for {
		key, shutdown := q.Get()
		if shutdown {
			return
		}
		list := &corev1.ConfigMapList{}
		if err := u.c.List(ctx, list, client.InNamespace(key)); err != nil {
			q.Done(key)
			continue
		}
		for i := range list.Items {
			if err := u.upgrade(ctx, &list.Items[i]); err != nil { // want `conflict from u.upgrade cannot be returned by (work|upgradeOnce)`
				log.Print(err)
			}
		}
		q.Done(key)
	}
}

// upgradeOnce sets its flag whatever failed.
func (u *upgrader) upgradeOnce(ctx context.Context) {
	for {
		list := &corev1.ConfigMapList{}
		if err := u.c.List(ctx, list); err != nil {
			continue
		}
		listed := false
		for i := range list.Items {
			if err := u.upgrade(ctx, &list.Items[i]); err != nil { // want `conflict from u.upgrade cannot be returned by (work|upgradeOnce)`
				log.Print(err)
			}
			listed = true
		}
		if listed {
			break
		}
		time.Sleep(10 * time.Second)
	}
}

// upgradeUntil gives up after a deadline, whatever failed.
func (u *upgrader) upgradeUntil(ctx context.Context, deadline time.Time) {
	for {
		list := &corev1.ConfigMapList{}
		if err := u.c.List(ctx, list); err != nil {
			continue
		}
		allDone := true
		for i := range list.Items {
			if err := u.upgrade(ctx, &list.Items[i]); err != nil { // want `conflict from u.upgrade cannot be returned by upgradeUntil`
				allDone = false
			}
		}
		if allDone {
			break
		}
		if time.Now().After(deadline) {
			return
		}
		time.Sleep(10 * time.Second)
	}
}
