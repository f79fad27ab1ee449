// Package steps holds reconcile steps that a controller runs through an
// interface of the project's own, and that only log a failed write. The
// package cannot say who runs them; the whole program's call graph can:
// a call through the interface reaches each type that implements it
// (TestWholeProgramInterfaceCalls).
package steps

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// Step is one step of the Watcher's reconcile.
type Step interface {
	Apply(ctx context.Context, cm *corev1.ConfigMap)
}

// Cleaner is run only as a Step, by the Watcher, which watches
// ConfigMaps: the change that caused a Conflict runs it again.
type Cleaner struct{ client.Client }

func (c *Cleaner) Apply(ctx context.Context, cm *corev1.ConfigMap) {
	delete(cm.Data, "scratch")
	if err := c.Update(ctx, cm); err != nil {
		log.Printf("clean %s: %v", cm.Name, err)
	}
}

// Starter starts a step's background work.
type Starter interface {
	Start(ctx context.Context) error
}

// Pruner is started by the Watcher as a Starter, but is also handed to
// the manager as a manager.Runnable, whose Start controller-runtime calls
// where the program's code does not say: its lost write stays lost.
type Pruner struct {
	client.Client
	CM *corev1.ConfigMap
}

func (p *Pruner) Start(ctx context.Context) error {
	p.CM.Labels = nil
	if err := p.Update(ctx, p.CM); err != nil {
		log.Printf("prune %s: %v", p.CM.Name, err)
	}
	return nil
}

// Register hands p to the manager.
func Register(mgr manager.Manager, p *Pruner) error {
	return mgr.Add(p)
}
