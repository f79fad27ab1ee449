package handlers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

// statusLater changes the handler's argument in a closure that runs later:
// the closure's object is the cached one.
func statusLater(informer cache.SharedIndexInformer, cs kubernetes.Interface, run func(func())) {
	informer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(oldObj, newObj interface{}) {
			pod := newObj.(*corev1.Pod)
			run(func() {
				pod.Status.Message = "seen" // want `assigning to pod.Status.Message changes pod in the informer cache: every reader sees the change, and the cache keeps it even if the write fails`
				cs.CoreV1().Pods(pod.Namespace).UpdateStatus(context.TODO(), pod, metav1.UpdateOptions{})
			})
		},
	})
}

// statusOfCopy copies first: the closure changes the copy.
func statusOfCopy(informer cache.SharedIndexInformer, cs kubernetes.Interface, run func(func())) {
	informer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(oldObj, newObj interface{}) {
			pod := newObj.(*corev1.Pod).DeepCopy()
			run(func() {
				pod.Status.Message = "seen" // ok: a copy
				cs.CoreV1().Pods(pod.Namespace).UpdateStatus(context.TODO(), pod, metav1.UpdateOptions{})
			})
		},
	})
}
