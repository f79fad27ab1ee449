// Package runnable runs the certificate rotation of package certs as
// manager runnables on a 12-hour ticker. One only logs a failed rotation:
// the next tick, 12 hours later, rotates again (a heal with that period).
// The other returns it from Start, which stops the manager: the process
// exits, and its restart rotates again (reported).
package runnable

import (
	"context"
	"log"
	"time"

	"proof/rotation/certs"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

type LoggingRunnable struct{ certs *certs.Rotator }

func (r *LoggingRunnable) Start(ctx context.Context) error {
	t := time.NewTicker(12 * time.Hour)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			if err := r.certs.Rotate(ctx); err != nil { // want `conflict from r.certs.Rotate is only logged: .*; lost until resync \(12h\)$`
				log.Printf("rotate: %v", err)
			}
		}
	}
}

type StrictRunnable struct{ certs *certs.Rotator }

func (r *StrictRunnable) Start(ctx context.Context) error {
	t := time.NewTicker(12 * time.Hour)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			if err := r.certs.Rotate(ctx); err != nil { // want `conflict from r.certs.Rotate is returned from a runnable's Start, which stops the manager: .*; reported by exit status$`
				return err
			}
		}
	}
}

// Unregistered has StrictRunnable's body, and nothing in view runs it: its
// caller decides what a returned error means.
type Unregistered struct{ certs *certs.Rotator }

func (r *Unregistered) Start(ctx context.Context) error {
	return r.certs.Rotate(ctx) // ok: returned to a caller out of view
}

// Setup gives the manager both runnables, and a function one.
func Setup(mgr manager.Manager, rot *certs.Rotator) error {
	if err := mgr.Add(&LoggingRunnable{certs: rot}); err != nil {
		return err
	}
	if err := mgr.Add(&StrictRunnable{certs: rot}); err != nil {
		return err
	}
	return mgr.Add(manager.RunnableFunc(func(ctx context.Context) error {
		return rot.Rotate(ctx) // want `conflict from rot.Rotate is returned from a runnable's Start, which stops the manager: .*; reported by exit status$`
	}))
}
