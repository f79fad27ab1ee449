// Package event is a test stub of sigs.k8s.io/controller-runtime/pkg/event.
package event

import "sigs.k8s.io/controller-runtime/pkg/client"

// TypedCreateEvent reports a created object.
type TypedCreateEvent[object any] struct{ Object object }

// TypedUpdateEvent reports an updated object.
type TypedUpdateEvent[object any] struct{ ObjectOld, ObjectNew object }

// TypedDeleteEvent reports a deleted object.
type TypedDeleteEvent[object any] struct {
	Object             object
	DeleteStateUnknown bool
}

// TypedGenericEvent reports an object from an external source.
type TypedGenericEvent[object any] struct{ Object object }

// The untyped events.
type (
	CreateEvent  = TypedCreateEvent[client.Object]
	UpdateEvent  = TypedUpdateEvent[client.Object]
	DeleteEvent  = TypedDeleteEvent[client.Object]
	GenericEvent = TypedGenericEvent[client.Object]
)
