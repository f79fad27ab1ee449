// Package pendingset reduces Sveltos addon-controller's dependency
// manager: profiles whose status must be rewritten wait in a set that
// lives as long as the manager; a loop that never ends takes a snapshot of
// the set, rewrites each profile after a fresh read, and takes out of the
// set only those it wrote. A Conflict leaves the profile in the set, and
// the next pass reads and writes it again: the write is retried, not lost.
// The same loop that empties the set whatever happened, a start-up pass
// that deletes every entry, and a set no loop takes again lose the write.
package pendingset

import (
	"context"
	"log"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type ref struct{ Namespace, Name string }

type manager struct {
	mu      sync.Mutex
	c       client.Client
	pending map[ref]bool // profiles whose status must be written again
	queue   map[ref]bool // emptied after each pass
	orphans map[ref]bool // written once at start-up, never taken again
}

// rewrite reads the object afresh and writes its status.
func (m *manager) rewrite(ctx context.Context, r *ref) error {
	cm := &corev1.ConfigMap{}
	if err := m.c.Get(ctx, client.ObjectKey{Namespace: r.Namespace, Name: r.Name}, cm); err != nil {
		return err
	}
	cm.Data = map[string]string{"hash": r.Name}
	return m.c.Update(ctx, cm)
}

// drain is the manager's loop: a failed profile stays pending, and the
// next pass rewrites it after a fresh read.
func (m *manager) drain(ctx context.Context) {
	for {
		m.mu.Lock()
		todo := make([]ref, 0, len(m.pending))
		for r := range m.pending {
			todo = append(todo, r)
		}
		m.mu.Unlock()

		done := make([]ref, 0, len(todo))
		stopped := false
		for i := range todo {
			select {
			case <-ctx.Done():
				stopped = true
			default:
			}
			if stopped {
				break
			}
			r := todo[i]
			if err := m.rewrite(ctx, &r); err == nil { // ok: a failed profile stays pending for the next pass
				done = append(done, r)
			}
		}

		m.mu.Lock()
		for i := range done {
			delete(m.pending, done[i])
		}
		m.mu.Unlock()

		if stopped {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(30 * time.Second):
		}
	}
}

// start writes each pending profile once, keeps the failed ones, and hands
// them to the loop.
func (m *manager) start(ctx context.Context) {
	for r := range m.pending {
		if err := m.rewrite(ctx, &r); err == nil { // ok: a failed profile stays pending, and drain takes it again
			delete(m.pending, r)
		}
	}
	go m.drain(ctx)
}

// drainForgetful empties the set after each pass, whatever failed.
func (m *manager) drainForgetful(ctx context.Context) {
	for {
		m.mu.Lock()
		todo := make([]ref, 0, len(m.queue))
		for r := range m.queue {
			todo = append(todo, r)
		}
		m.mu.Unlock()

		for i := range todo {
			r := todo[i]
			if err := m.rewrite(ctx, &r); err != nil { // want `conflict from m.rewrite cannot be returned by drainForgetful: .*; lost until resync \(30s\)`
				log.Print(err)
			}
		}

		m.mu.Lock()
		for i := range todo {
			delete(m.queue, todo[i])
		}
		m.mu.Unlock()

		select {
		case <-ctx.Done():
			return
		case <-time.After(30 * time.Second):
		}
	}
}

// startForgetful deletes each profile whether or not its write failed.
func (m *manager) startForgetful(ctx context.Context) {
	for r := range m.pending {
		if err := m.rewrite(ctx, &r); err != nil { // want `conflict from m.rewrite cannot be returned by startForgetful`
			log.Print(err)
		}
		delete(m.pending, r)
	}
	go m.drain(ctx)
}

// startOrphans keeps a failed entry in a set that no loop takes again.
func (m *manager) startOrphans(ctx context.Context) {
	for r := range m.orphans {
		if err := m.rewrite(ctx, &r); err == nil { // want `conflict from m.rewrite cannot be returned by startOrphans`
			delete(m.orphans, r)
		}
	}
}
