// Package named holds retry scopes given as method values and named
// functions, which retryreget follows into their declarations.
package named

import (
	"context"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Syncer struct {
	c   client.Client
	ctx context.Context
	foo *foov1.Foo
}

// The method value's body writes the receiver's object without a re-read.
// Other methods may have changed it, so there is no fix.
func (s *Syncer) Sync() error {
	return retry.RetryOnConflict(retry.DefaultRetry, s.syncStatus)
}

func (s *Syncer) syncStatus() error {
	s.foo.Status.Phase = "Synced"
	return s.c.Status().Update(s.ctx, s.foo) // want `s.foo is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get s.foo at the top of syncStatus`
}

var current *foov1.Foo

func writeCurrent() error {
	return theClient.Update(context.Background(), current) // want `current is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get current at the top of writeCurrent`
}

var theClient client.Client

func syncCurrent() error {
	return retry.RetryOnConflict(retry.DefaultRetry, writeCurrent)
}

// A method value whose body re-reads first.
func (s *Syncer) SyncFresh() error {
	return retry.RetryOnConflict(retry.DefaultRetry, s.syncFresh)
}

func (s *Syncer) syncFresh() error {
	if err := s.c.Get(s.ctx, client.ObjectKeyFromObject(s.foo), s.foo); err != nil {
		return err
	}
	s.foo.Status.Phase = "Synced"
	return s.c.Status().Update(s.ctx, s.foo) // ok: re-read at the top of the method
}
