// Package reservation remembers, in memory, which node each warm-up run has
// reserved. Its Store has the shape of an old typed client (Get with
// metav1.GetOptions, Update(*T) (*T, error)), but a Reservation is not a
// Kubernetes object and nothing here talks to an API server: an error from
// Update is not a Conflict.
package reservation

import (
	"fmt"
	"sync"

	"github.com/sirupsen/logrus"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Reservation ties a warm-up run to a node.
type Reservation struct {
	Name string
	Node string
}

// Store holds reservations by name.
type Store struct {
	mu    sync.Mutex
	items map[string]Reservation
}

// NewStore returns an empty store.
func NewStore() *Store { return &Store{items: map[string]Reservation{}} }

// Get returns a copy of the named reservation. The options are accepted so
// that the store can stand in for a client in tests.
func (s *Store) Get(name string, _ metav1.GetOptions) (*Reservation, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.items[name]
	if !ok {
		return nil, fmt.Errorf("reservation %q not found", name)
	}
	return &r, nil
}

// Update replaces a reservation that exists.
func (s *Store) Update(r *Reservation) (*Reservation, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.items[r.Name]; !ok {
		return nil, fmt.Errorf("reservation %q not found", r.Name)
	}
	s.items[r.Name] = *r
	return r, nil
}

// Move points a reservation at another node, logging a missing one.
func Move(s *Store, name, node string) {
	r, err := s.Get(name, metav1.GetOptions{})
	if err != nil {
		logrus.Warnf("moving reservation %s: %v", name, err)
		return
	}
	r.Node = node
	if _, err := s.Update(r); err != nil {
		logrus.Errorf("moving reservation %s: %v", name, err)
	}
}
