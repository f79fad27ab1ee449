package controller

import (
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// nodeChanged passes pod updates that move the pod to another node. It
// blanks the new pod's status before comparing, and so the status of the
// informer's own object: every reader of the cache loses it.
func nodeChanged() predicate.Funcs {
	return predicate.Funcs{
		UpdateFunc: func(e event.UpdateEvent) bool {
			pod := e.ObjectNew.(*corev1.Pod)
			pod.Status = corev1.PodStatus{}
			return pod.Spec.NodeName != e.ObjectOld.(*corev1.Pod).Spec.NodeName
		},
	}
}
