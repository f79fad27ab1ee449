// Package signal grades lost Conflicts of a pass that a ticker runs
// through the controller's own work queue: the ticker adds a signal, the
// worker dispatches it by type (linkerd2's service mirror repairs its
// endpoints so). A case that reads the signal, a signal added once, on
// another queue or to a switch on something else runs no periodic pass.
package signal

import (
	"context"
	"log"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/workqueue"
)

type repairTick struct{}

type slowRepair struct{}

type syncOne struct{ name string }

type startOnce struct{}

type otherTick struct{}

type Watcher struct {
	cs     kubernetes.Interface
	events workqueue.TypedRateLimitingInterface[any]
	other  workqueue.TypedRateLimitingInterface[any]
	every  time.Duration
	stop   chan struct{}
}

// Start queues the signals: once, and on ticks.
func (w *Watcher) Start(ctx context.Context) {
	w.events.Add(&startOnce{})
	go w.work(ctx)
	go w.tick()
}

func (w *Watcher) tick() {
	ticker := time.NewTicker(time.Minute)
	slow := time.NewTicker(w.every)
	defer ticker.Stop()
	for {
		select {
		case <-ticker.C:
			ev := repairTick{}
			w.events.Add(&ev)
			w.events.Add(&syncOne{name: "gateway"})
			w.other.Add(&otherTick{})
		case <-slow.C:
			w.events.Add(&slowRepair{})
		case <-w.stop:
			return
		}
	}
}

func (w *Watcher) work(ctx context.Context) {
	for w.next(ctx) {
	}
}

func (w *Watcher) next(ctx context.Context) bool {
	item, quit := w.events.Get()
	if quit {
		return false
	}
	defer w.events.Done(item)
	switch ev := item.(type) {
	case *repairTick:
		w.repair(ctx)
	case *slowRepair:
		w.slowRepair(ctx)
	case *syncOne:
		w.syncOne(ctx, ev.name)
	case *startOnce:
		w.start(ctx)
	case *otherTick:
		w.otherPass(ctx)
	}
	return true
}

// repair runs on every tick of the one-minute ticker, through the queue.
func (w *Watcher) repair(ctx context.Context) {
	cm, err := w.cs.CoreV1().ConfigMaps("default").Get(ctx, "endpoints", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"repaired": "true"}
	if _, err := w.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update cannot be returned by repair: re-read cm inside retry.RetryOnConflict; lost until resync \(1m\)`
		log.Printf("repair: %v", err)
	}
}

// slowRepair runs on a ticker whose period is read at run time.
func (w *Watcher) slowRepair(ctx context.Context) {
	cm, err := w.cs.CoreV1().ConfigMaps("default").Get(ctx, "slow", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"repaired": "true"}
	if _, err := w.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update cannot be returned by slowRepair: .*; lost until resync$`
		log.Printf("slow repair: %v", err)
	}
}

// syncOne is run for the name the signal carries: the tick's signal names
// one object, not necessarily the one whose write was lost.
func (w *Watcher) syncOne(ctx context.Context, name string) {
	cm, err := w.cs.CoreV1().ConfigMaps("default").Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"synced": "true"}
	if _, err := w.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update cannot be returned by syncOne: .*; lost for good`
		log.Printf("sync: %v", err)
	}
}

// start runs once: its signal is queued by Start only.
func (w *Watcher) start(ctx context.Context) {
	cm, err := w.cs.CoreV1().ConfigMaps("default").Get(ctx, "started", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"started": "true"}
	if _, err := w.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update cannot be returned by start: .*; lost for good`
		log.Printf("start: %v", err)
	}
}

// otherPass's signal is ticked onto another queue than the one the
// switch takes from.
func (w *Watcher) otherPass(ctx context.Context) {
	cm, err := w.cs.CoreV1().ConfigMaps("default").Get(ctx, "other", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"other": "true"}
	if _, err := w.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update cannot be returned by otherPass: .*; lost for good`
		log.Printf("other: %v", err)
	}
}
