// Package events is an informer handler that signals a channel on every
// change it sees, for a loop elsewhere to rebuild from (as traefik's
// providers do). It skips the resync's updates of an unchanged version.
package events

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Handler signals Ev on every add, change and delete.
type Handler struct {
	Ev chan<- any
}

func (h *Handler) OnAdd(obj any, _ bool) { signal(h.Ev, obj) }

func (h *Handler) OnUpdate(old, cur any) {
	if changed(old, cur) {
		signal(h.Ev, cur)
	}
}

func (h *Handler) OnDelete(obj any) { signal(h.Ev, obj) }

// signal drops obj when a signal is already pending: one is enough.
func signal(ch chan<- any, obj any) {
	select {
	case ch <- obj:
	default:
	}
}

func changed(old, cur any) bool {
	o, ok1 := old.(metav1.Object)
	c, ok2 := cur.(metav1.Object)
	return !ok1 || !ok2 || o.GetResourceVersion() != c.GetResourceVersion()
}
