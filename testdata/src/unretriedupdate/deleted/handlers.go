package deleted

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

// WatchDeletions writes, on a deletion, the object the informer has
// already seen removed: the write fails NotFound, not Conflict. A write
// of another object there is a write like any other.
func WatchDeletions(ctx context.Context, inf cache.SharedIndexInformer, cs kubernetes.Interface) {
	inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		DeleteFunc: func(obj interface{}) {
			cm, ok := obj.(*corev1.ConfigMap)
			if !ok {
				tomb, ok := obj.(cache.DeletedFinalStateUnknown)
				if !ok {
					return
				}
				if cm, ok = tomb.Obj.(*corev1.ConfigMap); !ok {
					return
				}
			}
			cm.Annotations["deleted"] = "true"
			if _, err := cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // ok: gone, NotFound
				log.Printf("mark deleted: %v", err)
			}
			index, err := cs.CoreV1().ConfigMaps(cm.Namespace).Get(ctx, "index", metav1.GetOptions{})
			if err != nil {
				return
			}
			delete(index.Data, cm.Name)
			if _, err := cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, index, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update cannot be returned by a function literal: re-read index inside retry.RetryOnConflict; lost for good`
				log.Printf("drop from index: %v", err)
			}
		},
	})
}

// tombstones writes the deleted object from its OnDelete method.
type tombstones struct{ cs kubernetes.Interface }

func (t tombstones) OnAdd(obj interface{}, isInInitialList bool) {}
func (t tombstones) OnUpdate(oldObj, newObj interface{})         {}
func (t tombstones) OnDelete(obj interface{}) {
	if cm, ok := obj.(*corev1.ConfigMap); ok {
		cm.Labels["gone"] = "true"
		if _, err := t.cs.CoreV1().ConfigMaps(cm.Namespace).Update(context.Background(), cm, metav1.UpdateOptions{}); err != nil { // ok: gone, NotFound
			log.Printf("label: %v", err)
		}
	}
}

var _ cache.ResourceEventHandler = tombstones{}
