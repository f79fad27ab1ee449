// Package memo grades lost Conflicts of writes behind an edge test: a
// ticker check records in package state or in its receiver that the work
// is done before it writes, and returns early at the top when the record
// says so (kube-ovn's external gateway: `exGwEnabled = "true"`, then the
// VPC update). The next tick returns before the write, so a write lost
// there is lost for good, not healed by the period. Beside them, the same
// check whose record is cleared on the write's failure, and one whose
// record says nothing the early return tests, keep the period.
package memo

import (
	"context"
	"log"
	"maps"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"
)

var (
	enabled = "false"
	lastCfg map[string]string
)

type Controller struct {
	cs      kubernetes.Interface
	applied bool
	ready   bool
	hash    string
}

// Run runs every check each minute.
func (c *Controller) Run(stop <-chan struct{}) {
	go wait.Until(c.syncGateway, time.Minute, stop)
	go wait.Until(c.syncFlag, time.Minute, stop)
	go wait.Until(c.syncCleared, time.Minute, stop)
	go wait.Until(c.syncHash, time.Minute, stop)
	go wait.Until(c.syncUnrelated, time.Minute, stop)
	<-stop
}

// syncGateway records the configuration it applied, then writes the VPC.
func (c *Controller) syncGateway() {
	ctx := context.Background()
	cfg, err := c.cs.CoreV1().ConfigMaps("kube-system").Get(ctx, "gateway", metav1.GetOptions{})
	if err != nil {
		return
	}
	if enabled == "true" && lastCfg != nil && maps.Equal(cfg.Data, lastCfg) {
		return
	}
	enabled = "true"
	lastCfg = cfg.Data
	vpc, err := c.cs.CoreV1().ConfigMaps("kube-system").Get(ctx, "vpc", metav1.GetOptions{})
	if err != nil {
		return
	}
	vpc.Data = map[string]string{"external": "true"}
	if _, err := c.cs.CoreV1().ConfigMaps("kube-system").Update(ctx, vpc, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("kube-system"\).Update cannot be returned by syncGateway: re-read vpc inside retry.RetryOnConflict; lost for good`
		log.Printf("update vpc: %v", err)
	}
}

// syncFlag records in its receiver that the work is done.
func (c *Controller) syncFlag() {
	if c.applied {
		return
	}
	ctx := context.Background()
	c.applied = true
	cm, err := c.cs.CoreV1().ConfigMaps("default").Get(ctx, "flag", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"applied": "true"}
	if _, err := c.cs.CoreV1().ConfigMaps("default").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("default"\).Update cannot be returned by syncFlag: re-read cm inside retry.RetryOnConflict; lost for good`
		log.Printf("update flag: %v", err)
	}
}

// syncHash records the hash it applied.
func (c *Controller) syncHash() {
	ctx := context.Background()
	cm, err := c.cs.CoreV1().ConfigMaps("default").Get(ctx, "hashed", metav1.GetOptions{})
	if err != nil {
		return
	}
	hash := cm.Data["hash"]
	if c.hash == hash {
		return
	}
	c.hash = hash
	cm.Data["applied"] = hash
	if _, err := c.cs.CoreV1().ConfigMaps("default").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("default"\).Update cannot be returned by syncHash: re-read cm inside retry.RetryOnConflict; lost for good`
		log.Printf("update hashed: %v", err)
	}
}

// syncCleared clears its record when the write fails: the next tick
// writes again.
func (c *Controller) syncCleared() {
	if c.ready {
		return
	}
	ctx := context.Background()
	c.ready = true
	cm, err := c.cs.CoreV1().ConfigMaps("default").Get(ctx, "cleared", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"ready": "true"}
	if _, err := c.cs.CoreV1().ConfigMaps("default").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("default"\).Update cannot be returned by syncCleared: re-read cm inside retry.RetryOnConflict; lost until resync \(1m\)`
		log.Printf("update cleared: %v", err)
		c.ready = false
	}
}

// syncUnrelated records a value its early return does not read as done.
func (c *Controller) syncUnrelated() {
	ctx := context.Background()
	cm, err := c.cs.CoreV1().ConfigMaps("default").Get(ctx, "unrelated", metav1.GetOptions{})
	if err != nil {
		return
	}
	if enabled == "true" {
		return
	}
	enabled = "false"
	cm.Data = map[string]string{"seen": "true"}
	if _, err := c.cs.CoreV1().ConfigMaps("default").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("default"\).Update cannot be returned by syncUnrelated: re-read cm inside retry.RetryOnConflict; lost until resync \(1m\)`
		log.Printf("update unrelated: %v", err)
	}
}
