// Package returners holds write helpers. It writes with controller-runtime's
// client, so the model walks it in full and exports a ReturnsConflictFact
// for every exported function, or interface method, whose return carries
// the Conflict of a write it makes.
package returners

import (
	"context"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/klog/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// SetPhase returns its write's error: param 2 is the object written, sent
// with the resourceVersion it came with (as given 2).
func SetPhase(ctx context.Context, c client.Client, foo *foov1.Foo, phase string) error { // want SetPhase:`^returnsConflict\(param 2, as given 2\)$`
	foo.Status.Phase = phase
	return c.Status().Update(ctx, foo)
}

// SetPhaseOrLog makes the same write but only logs its failure and
// returns nil: the Conflict goes nowhere, so there is no returnsConflict
// fact; the object it was handed is left stale after one, which its
// caller cannot know (silentWrite of param 2).
func SetPhaseOrLog(ctx context.Context, c client.Client, foo *foov1.Foo, phase string) error { // want SetPhaseOrLog:`^silentWrite\(param 2\)$`
	foo.Status.Phase = phase
	if err := c.Status().Update(ctx, foo); err != nil {
		klog.Error(err)
	}
	return nil
}

// SetPhasesOrLog does so for two objects: both are left stale
// (silentWrite of params 2 and 3).
func SetPhasesOrLog(ctx context.Context, c client.Client, foo, bar *foov1.Foo, phase string) { // want SetPhasesOrLog:`^silentWrite\(params \[2 3\]\)$`
	_ = SetPhaseOrLog(ctx, c, foo, phase)
	_ = SetPhaseOrLog(ctx, c, bar, phase)
}

// Holder writes the object it holds and only logs a failure: its
// callers' later writes of that field may resend a refused version
// (silentWrite of field Foo).
type Holder struct {
	C   client.Client
	Foo *foov1.Foo
}

// MarkPhase sets the phase of the held object.
func (h *Holder) MarkPhase(ctx context.Context, phase string) { // want MarkPhase:`^silentWrite\(fields \[Foo\]\)$`
	h.Foo.Status.Phase = phase
	if err := h.C.Update(ctx, h.Foo); err != nil {
		klog.Error(err)
	}
}

// Save writes only when dryRun is false: the fact names that guard, so a
// caller passing true is known to get no Conflict.
func Save(ctx context.Context, c client.Client, foo *foov1.Foo, dryRun bool) error { // want Save:`^returnsConflict\(param 2, as given 2, needs param 3 false\)$`
	if dryRun {
		return nil
	}
	return c.Update(ctx, foo)
}

// Toucher is called below, and every type of this package that has its
// method is a returner: the interface method gets the fact, without the
// object parameters (implementations may differ in what they send).
type Toucher interface {
	Touch(ctx context.Context, key client.ObjectKey) error // want Touch:`^returnsConflict\(param -1, as given -1\)$`
}

// Storer is called below too, but one type that has its method never
// writes: a call through it may get no Conflict, so no fact.
type Storer interface {
	Store(ctx context.Context, key client.ObjectKey) error
}

// clientStore writes through the API server. Its methods are exported
// and an importer can call them, promoted through Store's embedding, so
// they get facts.
type clientStore struct{ c client.Client }

// Store exposes clientStore's methods to importers.
type Store struct{ clientStore }

// hiddenStore writes too, but no exported declaration mentions it: an
// importer reaches its method only through Toucher, whose method has a
// fact of its own, so it gets none.
type hiddenStore struct{ c client.Client }

func (s hiddenStore) Touch(ctx context.Context, key client.ObjectKey) error {
	return clientStore(s).touch(ctx, key)
}

// NewToucher returns a hiddenStore as the interface only.
func NewToucher(c client.Client) Toucher { return hiddenStore{c} }

func (s clientStore) Touch(ctx context.Context, key client.ObjectKey) error { // want Touch:`^returnsConflict\(param -1, as given -1\)$`
	return s.touch(ctx, key)
}

func (s clientStore) Store(ctx context.Context, key client.ObjectKey) error { // want Store:`^returnsConflict\(param -1, as given -1\)$`
	return s.touch(ctx, key)
}

func (s clientStore) touch(ctx context.Context, key client.ObjectKey) error {
	foo := &foov1.Foo{}
	if err := s.c.Get(ctx, key, foo); err != nil {
		return err
	}
	foo.Annotations = map[string]string{"touched": "true"}
	return s.c.Update(ctx, foo)
}

// memoryStore implements Storer without a write.
type memoryStore struct{ keys []client.ObjectKey }

func (m *memoryStore) Store(ctx context.Context, key client.ObjectKey) error {
	m.keys = append(m.keys, key)
	return nil
}

// TouchAndStore calls both interface methods, and returns Touch's error:
// through Toucher's fact, it is a returner as well.
func TouchAndStore(ctx context.Context, t Toucher, s Storer, key client.ObjectKey) error { // want TouchAndStore:`^returnsConflict\(param -1, as given -1\)$`
	if err := s.Store(ctx, key); err != nil {
		return err
	}
	return t.Touch(ctx, key)
}

var _, _ = clientStore{}, &memoryStore{}

// RecordFailure writes the failure down only when cause is not a
// Conflict, and loses its own write's failure (silentWrite of param 2,
// skipped when param 3 is a Conflict).
func RecordFailure(ctx context.Context, c client.Client, foo *foov1.Foo, cause error) { // want RecordFailure:`^silentWrite\(param 2\) unless param 3 is a conflict$`
	if apierrors.IsConflict(cause) {
		return
	}
	foo.Status.Phase = "Failed"
	if err := c.Status().Update(ctx, foo); err != nil {
		klog.Error(err)
	}
}

// ReturnFailure does so and returns its write's error.
func ReturnFailure(ctx context.Context, c client.Client, foo *foov1.Foo, cause error) error { // want ReturnFailure:`^returnsConflict\(param 2, as given 2\) unless param 3 is a conflict$`
	if apierrors.IsConflict(cause) {
		return nil
	}
	foo.Status.Phase = "Failed"
	return c.Status().Update(ctx, foo)
}
