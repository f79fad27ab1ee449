// Package errgroup is a stub of golang.org/x/sync/errgroup: Wait returns
// the first error of the functions given to Go.
package errgroup

import "context"

// Group runs functions and collects their first error.
type Group struct{ err error }

// Go runs f in a goroutine.
func (g *Group) Go(f func() error) {}

// Wait returns the first non-nil error of the functions run.
func (g *Group) Wait() error { return g.err }

// WithContext returns a Group and a context canceled when a function of
// the group fails.
func WithContext(ctx context.Context) (*Group, context.Context) { return &Group{}, ctx }
