// Package handler is a test stub of sigs.k8s.io/controller-runtime/pkg/handler.
package handler

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// EventHandler turns object events into reconcile requests.
type EventHandler = TypedEventHandler[client.Object, reconcile.Request]

// TypedEventHandler turns events about object into requests.
type TypedEventHandler[object any, request comparable] interface {
	Create(context.Context, event.TypedCreateEvent[object], workqueue.TypedRateLimitingInterface[request])
	Update(context.Context, event.TypedUpdateEvent[object], workqueue.TypedRateLimitingInterface[request])
	Delete(context.Context, event.TypedDeleteEvent[object], workqueue.TypedRateLimitingInterface[request])
	Generic(context.Context, event.TypedGenericEvent[object], workqueue.TypedRateLimitingInterface[request])
}

// MapFunc maps an object to the requests it should trigger.
type MapFunc = TypedMapFunc[client.Object, reconcile.Request]

// TypedMapFunc maps an object to the requests it should trigger.
type TypedMapFunc[object any, request comparable] func(context.Context, object) []request

// EnqueueRequestsFromMapFunc enqueues the requests fn returns.
func EnqueueRequestsFromMapFunc(fn MapFunc) EventHandler {
	return TypedEnqueueRequestsFromMapFunc(fn)
}

// TypedEnqueueRequestsFromMapFunc enqueues the requests fn returns.
func TypedEnqueueRequestsFromMapFunc[object any, request comparable](fn TypedMapFunc[object, request]) TypedEventHandler[object, request] {
	return &enqueueRequestsFromMapFunc[object, request]{toRequests: fn}
}

type enqueueRequestsFromMapFunc[object any, request comparable] struct {
	toRequests TypedMapFunc[object, request]
}

func (e *enqueueRequestsFromMapFunc[object, request]) Create(ctx context.Context, evt event.TypedCreateEvent[object], q workqueue.TypedRateLimitingInterface[request]) {
}

func (e *enqueueRequestsFromMapFunc[object, request]) Update(ctx context.Context, evt event.TypedUpdateEvent[object], q workqueue.TypedRateLimitingInterface[request]) {
}

func (e *enqueueRequestsFromMapFunc[object, request]) Delete(ctx context.Context, evt event.TypedDeleteEvent[object], q workqueue.TypedRateLimitingInterface[request]) {
}

func (e *enqueueRequestsFromMapFunc[object, request]) Generic(ctx context.Context, evt event.TypedGenericEvent[object], q workqueue.TypedRateLimitingInterface[request]) {
}

// EnqueueRequestForObject enqueues a request for the object itself.
type EnqueueRequestForObject = TypedEnqueueRequestForObject[client.Object]

// TypedEnqueueRequestForObject enqueues a request for the object itself.
type TypedEnqueueRequestForObject[object client.Object] struct{}

func (e *TypedEnqueueRequestForObject[T]) Create(ctx context.Context, evt event.TypedCreateEvent[T], q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
}

func (e *TypedEnqueueRequestForObject[T]) Update(ctx context.Context, evt event.TypedUpdateEvent[T], q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
}

func (e *TypedEnqueueRequestForObject[T]) Delete(ctx context.Context, evt event.TypedDeleteEvent[T], q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
}

func (e *TypedEnqueueRequestForObject[T]) Generic(ctx context.Context, evt event.TypedGenericEvent[T], q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
}

// EnqueueRequestForOwner enqueues a request for the owners of type
// ownerType of the object, or only its controller with OnlyControllerOwner.
func EnqueueRequestForOwner(scheme *runtime.Scheme, mapper meta.RESTMapper, ownerType client.Object, opts ...OwnerOption) EventHandler {
	return nil
}

// OwnerOption configures EnqueueRequestForOwner.
type OwnerOption func(*enqueueRequestForOwner)

type enqueueRequestForOwner struct{ isController bool }

// OnlyControllerOwner looks only at the owner reference with Controller set.
func OnlyControllerOwner() OwnerOption {
	return func(e *enqueueRequestForOwner) { e.isController = true }
}
