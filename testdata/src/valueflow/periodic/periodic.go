// Package periodic holds controllers whose sync method is run on a timer
// by name (wait.UntilWithContext(ctx, c.sync, period)), as Kubernetes'
// default ServiceCIDR controller does: a method that reads the object
// afresh each turn redoes a lost write on the next turn, a heal graded
// with the period.
package periodic

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"
)

type controller struct {
	cs     kubernetes.Interface
	cached *corev1.ConfigMap
}

func (c *controller) Run(ctx context.Context) {
	go wait.UntilWithContext(ctx, c.sync, 10*time.Second)
	go wait.UntilWithContext(ctx, c.pushCached, 10*time.Second)
	go wait.UntilWithContext(ctx, func(ctx context.Context) {
		if err := c.upgrade(ctx); err != nil {
			log.Printf("upgrade: %v", err)
		}
	}, 10*time.Second)
	<-ctx.Done()
}

// upgrade is called by a periodic literal, and reads the ConfigMap each
// time (Kubernetes' default ServiceCIDR controller).
func (c *controller) upgrade(ctx context.Context) error {
	cm, err := c.cs.CoreV1().ConfigMaps("kube-system").Get(ctx, "defaults", metav1.GetOptions{})
	if err != nil {
		return err
	}
	cm.Data = map[string]string{"stack": "dual"}
	if _, err := c.cs.CoreV1().ConfigMaps("kube-system").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("kube-system"\).Update of cm is only logged: return it; lost until resync \(10s\)$`
		log.Printf("upgrade: %v", err)
	}
	return nil
}

// sync reads the ConfigMap on every turn.
func (c *controller) sync(ctx context.Context) {
	cm, err := c.cs.CoreV1().ConfigMaps("kube-system").Get(ctx, "defaults", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"ready": "true"}
	if _, err := c.cs.CoreV1().ConfigMaps("kube-system").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("kube-system"\).Update cannot be returned by sync: re-read cm inside retry.RetryOnConflict; lost until resync \(10s\)$`
		log.Printf("sync: %v", err)
	}
}

// pushCached runs on the timer too, but sends the same object every turn.
func (c *controller) pushCached(ctx context.Context) {
	if _, err := c.cs.CoreV1().ConfigMaps("kube-system").Update(ctx, c.cached, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("kube-system"\).Update cannot be returned by pushCached: requeue the object, or re-read c.cached inside retry.RetryOnConflict`
		log.Printf("push: %v", err)
	}
}

// syncOnce has sync's body, and nothing runs it again.
func (c *controller) syncOnce(ctx context.Context) {
	cm, err := c.cs.CoreV1().ConfigMaps("kube-system").Get(ctx, "defaults", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"ready": "true"}
	if _, err := c.cs.CoreV1().ConfigMaps("kube-system").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("kube-system"\).Update cannot be returned by syncOnce: re-read cm inside retry.RetryOnConflict`
		log.Printf("sync: %v", err)
	}
}
