// Package predicates changes the objects of controller-runtime's create
// and update events, which its source takes from the informer's store as
// they are: predicates and handlers that normalise an object before they
// compare it change the cache.
package predicates

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// specChanged compares two pods without their status, by blanking it.
func specChanged() predicate.Funcs {
	return predicate.Funcs{
		UpdateFunc: func(e event.UpdateEvent) bool {
			oldPod := e.ObjectOld.(*corev1.Pod)
			newPod := e.ObjectNew.(*corev1.Pod)
			oldPod.Status = corev1.PodStatus{} // want `assigning to oldPod.Status changes oldPod in the informer cache: every reader sees a change the server never got; DeepCopy oldPod after the read`
			newPod.Status = corev1.PodStatus{} // want `assigning to newPod.Status changes newPod in the informer cache`
			return oldPod.ResourceVersion != newPod.ResourceVersion
		},
		// A deleted object has left the store before the event.
		DeleteFunc: func(e event.DeleteEvent) bool {
			pod := e.Object.(*corev1.Pod)
			pod.Status = corev1.PodStatus{} // ok: no longer in the store
			return true
		},
		// A generic event's object comes from its channel's sender.
		GenericFunc: func(e event.GenericEvent) bool {
			e.Object.SetLabels(nil) // ok: not the informer's object
			return true
		},
	}
}

// withoutVersion blanks the resourceVersion of the cache's object.
func withoutVersion() predicate.Funcs {
	return predicate.Funcs{
		CreateFunc: func(e event.CreateEvent) bool {
			e.Object.SetResourceVersion("") // want `e.Object.SetResourceVersion changes the event's e.Object in the informer cache: every reader sees a change the server never got; DeepCopy the object before changing it`
			return true
		},
	}
}

// copied compares copies: quiet.
func copied() predicate.Funcs {
	return predicate.Funcs{
		UpdateFunc: func(e event.UpdateEvent) bool {
			oldPod := e.ObjectOld.(*corev1.Pod).DeepCopy()
			newPod := e.ObjectNew.DeepCopyObject().(*corev1.Pod)
			oldPod.Status = corev1.PodStatus{}
			newPod.Status = corev1.PodStatus{}
			return oldPod.Spec.NodeName != newPod.Spec.NodeName
		},
	}
}

// readOnly only reads the event's objects: quiet.
func readOnly(e event.UpdateEvent) bool {
	return e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration()
}

// labelled is a predicate of its own, over typed events.
type labelled struct{}

func (labelled) Update(e event.TypedUpdateEvent[*corev1.Pod]) bool {
	e.ObjectNew.Labels["seen"] = "true" // want `assigning to e.ObjectNew.Labels\["seen"\] changes the event's e.ObjectNew in the informer cache`
	return true
}

// enqueuer is an event handler that marks the pod it queues.
type enqueuer struct{}

func (enqueuer) Create(_ context.Context, e event.CreateEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
	pod := e.Object.(*corev1.Pod)
	pod.Annotations = map[string]string{"queued": "true"} // want `assigning to pod.Annotations changes pod in the informer cache`
	q.Add(reconcile.Request{})
}
