// Package reader re-reads objects through kubeutil's Store, in another
// package: its read facts make these calls reads.
package reader

import (
	"context"

	"crosspkg/kubeutil"
	"crosspkg/opaque"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func refresh(ctx context.Context, s *kubeutil.Store, foo *foov1.Foo, key client.ObjectKey) {
	_ = s.Refresh(ctx, foo)         // want `read foo`
	latest, _ := s.Latest(ctx, key) // want `read latest`
	_ = latest
	_ = opaque.Load(foo)            // want `read foo`
	_ = opaque.Again(func() error { // want `scope of Again`
		return nil
	})
}
