// Package store writes objects for the controllers, and only logs a
// failed write. Whether the lost write heals depends on who calls it, which
// the package cannot see: under go vet both writes are lost for good; the
// standalone command follows their callers through the whole program
// (TestWholeProgramGrades).
package store

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Store struct{ client.Client }

// RemoveFinalizer is called only by the Reconcile of a controller that
// watches ConfigMaps: the change that caused a Conflict runs it again.
func (s *Store) RemoveFinalizer(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Finalizers = nil
	if err := s.Update(ctx, cm); err != nil {
		log.Printf("remove finalizer of %s: %v", cm.Name, err)
	}
}

// Label is called by the same Reconcile and by api.Relabel, which no
// controller runs: on that path the lost label stays lost.
func (s *Store) Label(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Labels = map[string]string{"seen": "yes"}
	if err := s.Update(ctx, cm); err != nil {
		log.Printf("label %s: %v", cm.Name, err)
	}
}

// Tidy reaches its write through tidyOne, a helper of its own: the path
// still starts in the watching Reconcile.
func (s *Store) Tidy(ctx context.Context, cm *corev1.ConfigMap) {
	s.tidyOne(ctx, cm)
}

func (s *Store) tidyOne(ctx context.Context, cm *corev1.ConfigMap) {
	delete(cm.Data, "tmp")
	if err := s.Update(ctx, cm); err != nil {
		log.Printf("tidy %s: %v", cm.Name, err)
	}
}

// Annotate is handed out as a function value: who calls it is not said.
func (s *Store) Annotate(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Annotations = map[string]string{"seen": "yes"}
	if err := s.Update(ctx, cm); err != nil {
		log.Printf("annotate %s: %v", cm.Name, err)
	}
}
