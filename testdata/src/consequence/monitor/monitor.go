// Package monitor grades lost Conflicts in health checkers that run on a
// timer: the next tick redoes a check that re-reads what it writes. A
// check also run once outside the loop, or handed an object read before
// it, gets no such grade.
package monitor

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Checker struct {
	c        client.Client
	interval time.Duration
	key      client.ObjectKey
}

// Run checks on every tick of a period the checker is configured with.
func (hc *Checker) Run(ctx context.Context, stop <-chan struct{}) {
	for {
		select {
		case <-stop:
			hc.cleanup(ctx)
			return
		case <-time.After(hc.interval):
			// check re-reads what it writes, and the loop runs it again:
			// the failure it returns is healed on the next tick, whose
			// period is not a constant.
			if err := hc.check(ctx); err != nil { // want `conflict from hc.check cannot be returned by Run: .*; lost until resync$`
				log.Printf("check: %v", err)
			}
		}
	}
}

// check returns its write's failure to the loop.
func (hc *Checker) check(ctx context.Context) error {
	var cm corev1.ConfigMap
	if err := hc.c.Get(ctx, hc.key, &cm); err != nil {
		return err
	}
	hc.failover(ctx)
	cm.Data["healthy"] = "true"
	return hc.c.Update(ctx, &cm)
}

// failover runs only from check, so only on a tick.
func (hc *Checker) failover(ctx context.Context) {
	var cm corev1.ConfigMap
	if err := hc.c.Get(ctx, hc.key, &cm); err != nil {
		return
	}
	cm.Data["failover"] = "done"
	if err := hc.c.Update(ctx, &cm); err != nil { // want `re-read cm inside retry.RetryOnConflict; lost until resync$`
		log.Printf("failover: %v", err)
	}
}

// cleanup runs once, when the loop stops.
func (hc *Checker) cleanup(ctx context.Context) {
	var cm corev1.ConfigMap
	if err := hc.c.Get(ctx, hc.key, &cm); err != nil {
		return
	}
	delete(cm.Data, "healthy")
	if err := hc.c.Update(ctx, &cm); err != nil { // want `re-read cm inside retry.RetryOnConflict; lost for good$`
		log.Printf("cleanup: %v", err)
	}
}

// Sweep runs sweep on each tick of a ticker made in the same function.
func (hc *Checker) Sweep(ctx context.Context) {
	ticker := time.NewTicker(time.Minute)
	defer ticker.Stop()
	for range ticker.C {
		hc.sweep(ctx)
	}
}

func (hc *Checker) sweep(ctx context.Context) {
	var cm corev1.ConfigMap
	if err := hc.c.Get(ctx, hc.key, &cm); err != nil {
		return
	}
	cm.Data["swept"] = "true"
	if err := hc.c.Update(ctx, &cm); err != nil { // want `re-read cm inside retry.RetryOnConflict; lost until resync \(1m\)$`
		log.Printf("sweep: %v", err)
	}
}

// Mark runs mark once before its loop, which runs it again on each tick:
// a loss in the first run waits one period too.
func (hc *Checker) Mark(ctx context.Context) {
	hc.mark(ctx)
	for {
		time.Sleep(30 * time.Second)
		hc.mark(ctx)
	}
}

func (hc *Checker) mark(ctx context.Context) {
	var cm corev1.ConfigMap
	if err := hc.c.Get(ctx, hc.key, &cm); err != nil {
		return
	}
	cm.Data["mark"] = "true"
	if err := hc.c.Update(ctx, &cm); err != nil { // want `re-read cm inside retry.RetryOnConflict; lost until resync \(30s\)$`
		log.Printf("mark: %v", err)
	}
}

// Reset also runs reset once, on request, with no loop after it.
func (hc *Checker) Reset(ctx context.Context) {
	hc.reset(ctx)
}

// Resetting runs reset on each tick.
func (hc *Checker) Resetting(ctx context.Context) {
	for {
		time.Sleep(time.Minute)
		hc.reset(ctx)
	}
}

func (hc *Checker) reset(ctx context.Context) {
	var cm corev1.ConfigMap
	if err := hc.c.Get(ctx, hc.key, &cm); err != nil {
		return
	}
	cm.Data = nil
	if err := hc.c.Update(ctx, &cm); err != nil { // want `re-read cm inside retry.RetryOnConflict; lost for good$`
		log.Printf("reset: %v", err)
	}
}

// Stale hands the tick an object read once, before the loop: each tick
// resubmits its old resourceVersion.
func (hc *Checker) Stale(ctx context.Context) {
	var cm corev1.ConfigMap
	if err := hc.c.Get(ctx, hc.key, &cm); err != nil {
		return
	}
	for {
		time.Sleep(time.Minute)
		hc.write(ctx, &cm)
	}
}

func (hc *Checker) write(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["tick"] = "1"
	if err := hc.c.Update(ctx, cm); err != nil { // want `re-read cm after a conflict in retry.RetryOnConflict; lost for good$`
		log.Printf("write: %v", err)
	}
}

// Paced sleeps a constant period between checks: a lost write in pace
// waits at most that long.
func (hc *Checker) Paced(ctx context.Context) {
	for {
		hc.pace(ctx)
		time.Sleep(30 * time.Second)
	}
}

func (hc *Checker) pace(ctx context.Context) {
	var cm corev1.ConfigMap
	if err := hc.c.Get(ctx, hc.key, &cm); err != nil {
		return
	}
	cm.Data["paced"] = "true"
	if err := hc.c.Update(ctx, &cm); err != nil { // want `re-read cm inside retry.RetryOnConflict; lost until resync \(30s\)$`
		log.Printf("pace: %v", err)
	}
}

// Direct reads and writes on each tick, in the loop itself: the loop
// re-reads and writes again ten seconds later, a heal with that period.
func (hc *Checker) Direct(ctx context.Context) {
	for range time.Tick(10 * time.Second) {
		var cm corev1.ConfigMap
		if err := hc.c.Get(ctx, hc.key, &cm); err != nil {
			continue
		}
		cm.Data["direct"] = "true"
		if err := hc.c.Update(ctx, &cm); err != nil { // want `re-read cm inside retry.RetryOnConflict; lost until resync \(10s\)$`
			log.Printf("direct: %v", err)
		}
	}
}

// Held keeps the object it writes in a field, read once.
type Held struct {
	c  client.Client
	cm *corev1.ConfigMap
}

func (h *Held) Run(ctx context.Context) {
	for {
		time.Sleep(time.Minute)
		h.write(ctx)
	}
}

func (h *Held) write(ctx context.Context) {
	h.cm.Data["held"] = "true"
	if err := h.c.Update(ctx, h.cm); err != nil { // want `lost for good$`
		log.Printf("held: %v", err)
	}
}

// Polled is run by wait.Until as a method value; its deferred status
// write runs on each of those turns.
func (hc *Checker) Polled(stop <-chan struct{}) {
	wait.Until(hc.poll, time.Minute, stop)
}

func (hc *Checker) poll() {
	ctx := context.Background()
	var cm corev1.ConfigMap
	if err := hc.c.Get(ctx, hc.key, &cm); err != nil {
		return
	}
	hc.record(ctx, cm.Name)
}

func (hc *Checker) record(ctx context.Context, name string) {
	var cm corev1.ConfigMap
	if err := hc.c.Get(ctx, client.ObjectKey{Name: name}, &cm); err != nil {
		return
	}
	defer func() {
		cm.Data["polled"] = "true"
		if err := hc.c.Update(ctx, &cm); err != nil { // want `lost until resync \(1m\)$`
			log.Printf("record: %v", err)
		}
	}()
}
