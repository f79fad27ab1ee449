// Package source is a test stub of sigs.k8s.io/controller-runtime/pkg/source.
package source

import (
	"context"

	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Source gives a controller its events.
type Source interface {
	Start(context.Context, workqueue.TypedRateLimitingInterface[reconcile.Request]) error
}

// Kind watches the objects of obj's kind in c, turning their events into
// requests with h, when every predicate lets them through (v0.18's shape,
// without its type parameter).
func Kind(c cache.Cache, obj client.Object, h handler.EventHandler, predicates ...predicate.Predicate) Source {
	return nil
}
