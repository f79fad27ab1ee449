package proof

import (
	"context"
	"errors"
	"fmt"
	"log"

	appsv1 "k8s.io/api/apps/v1"
)

// Conn stands for a connection to an outside system (nats-io/nack's
// JetStream manager).
type Conn struct{ url string }

// withConn connects and runs op, and returns what op returns: a write's
// failure in op comes back as withConn's.
func (r *Reconciler) withConn(url string, op func(c *Conn) error) error {
	if url == "" {
		return errors.New("no url")
	}
	return op(&Conn{url: url})
}

// syncCallback reduces nack's stream reconcile: the Update inside the
// callback fails, its error comes back through withConn, and the status
// write in the error branch resends the version the server refused.
func (r *Reconciler) syncCallback(ctx context.Context, dep *appsv1.Deployment) error {
	err := r.withConn(dep.Annotations["url"], func(c *Conn) error {
		dep.Annotations["synced"] = c.url
		return r.Update(ctx, dep)
	})
	if err != nil {
		err = fmt.Errorf("sync: %w", err)
		dep.Status.ReadyReplicas = 0
		if err := r.Status().Update(ctx, dep); err != nil { // want `dep is written again after r\.withConn failed, without a re-read, so it conflicts again: re-read dep first, or use retry\.RetryOnConflict$`
			log.Printf("updating status: %v", err)
		}
		return err
	}
	return nil
}

// syncCallbackOwnCopy: the callback writes an object of its own, not the
// one the status write sends.
func (r *Reconciler) syncCallbackOwnCopy(ctx context.Context, dep *appsv1.Deployment) error {
	err := r.withConn(dep.Annotations["url"], func(c *Conn) error {
		cp := dep.DeepCopy()
		cp.Annotations["synced"] = c.url
		return r.Update(ctx, cp)
	})
	if err != nil {
		dep.Status.ReadyReplicas = 0
		if err := r.Status().Update(ctx, dep); err != nil {
			log.Printf("updating status: %v", err)
		}
		return err
	}
	return nil
}

// syncCallbackLogged: the callback only logs its write's failure, so
// withConn's error is never the write's; the status write is judged
// where the write's failure is seen (the callback), not here.
func (r *Reconciler) syncCallbackLogged(ctx context.Context, dep *appsv1.Deployment) error {
	err := r.withConn(dep.Annotations["url"], func(c *Conn) error {
		dep.Annotations["synced"] = c.url
		if err := r.Update(ctx, dep); err != nil {
			log.Printf("updating: %v", err)
		}
		return nil
	})
	if err != nil {
		dep.Status.ReadyReplicas = 0
		if err := r.Status().Update(ctx, dep); err != nil {
			log.Printf("updating status: %v", err)
		}
		return err
	}
	return nil
}
