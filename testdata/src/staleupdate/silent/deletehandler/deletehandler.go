// Package deletehandler fixes a config map's annotations from every event
// of its informer, deletions too (KubeArmor does so for namespaces): each
// fix writes the object and only logs the failure. On an update the second
// fix resends a version the server may have refused; on a deletion the
// object is gone, so each write fails NotFound, not Conflict, and no
// change is lost by it.
package deletehandler

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

// fixInPlace sets a default annotation and writes the object it is
// given.
func fixInPlace(ctx context.Context, cs kubernetes.Interface, key string, ns *corev1.ConfigMap) {
	ns.Annotations[key] = "audit"
	if _, err := cs.CoreV1().ConfigMaps(ns.Namespace).Update(ctx, ns, metav1.UpdateOptions{}); err != nil {
		log.Printf("fix %s: %v", key, err)
	}
}

// Watch fixes the postures on updates and deletions alike.
func Watch(ctx context.Context, inf cache.SharedIndexInformer, cs kubernetes.Interface) {
	inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(_, obj interface{}) {
			if ns, ok := obj.(*corev1.ConfigMap); ok {
				ns = ns.DeepCopy()
				fixInPlace(ctx, cs, "file", ns)
				fixInPlace(ctx, cs, "network", ns) // want `ns is written again after fixInPlace, which hides its write's failure`
			}
		},
		DeleteFunc: func(obj interface{}) {
			if ns, ok := obj.(*corev1.ConfigMap); ok {
				fixInPlace(ctx, cs, "file", ns)
				fixInPlace(ctx, cs, "network", ns) // ok: the object is gone
			}
		},
	})
}
