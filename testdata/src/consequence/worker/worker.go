// Package worker grades lost Conflicts of a client-go controller whose
// workers wait.Until starts: a worker takes items from the work queue
// until it shuts down, and the runner's period only starts it again then
// (sealed-secrets' controller), so the period is no resync. A check that
// the runner calls on each period is one.
package worker

import (
	"context"
	"log"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/workqueue"
)

type Controller struct {
	cs    kubernetes.Interface
	queue workqueue.TypedRateLimitingInterface[string]
}

// Run starts the worker and the checker.
func (c *Controller) Run(stop <-chan struct{}) {
	go wait.Until(func() { c.runWorker(context.Background()) }, time.Second, stop)
	go wait.Until(c.check, time.Minute, stop)
	<-stop
}

func (c *Controller) runWorker(ctx context.Context) {
	for c.processNextItem(ctx) {
	}
}

func (c *Controller) processNextItem(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	c.sync(ctx, key)
	return true
}

// sync runs for each item the worker takes: the one-second period is not
// when it runs again.
func (c *Controller) sync(ctx context.Context, key string) {
	s, err := c.cs.CoreV1().Secrets("default").Get(ctx, key, metav1.GetOptions{})
	if err != nil {
		return
	}
	s.Labels = map[string]string{"synced": "true"}
	if _, err := c.cs.CoreV1().Secrets(s.Namespace).Update(ctx, s, metav1.UpdateOptions{}); err != nil { // want `conflict from Secrets\(s.Namespace\).Update cannot be returned by sync: re-read s inside retry.RetryOnConflict; lost for good`
		log.Printf("sync: %v", err)
	}
}

// check runs every minute and reads what it writes each time.
func (c *Controller) check() {
	ctx := context.Background()
	cm, err := c.cs.CoreV1().ConfigMaps("default").Get(ctx, "health", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"checked": time.Now().String()}
	if _, err := c.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update cannot be returned by check: re-read cm inside retry.RetryOnConflict; lost until resync \(1m\)`
		log.Printf("check: %v", err)
	}
}
