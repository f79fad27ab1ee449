package shapes

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

// MarkSeen records that a handler saw cm.
func MarkSeen(ctx context.Context, cs kubernetes.Interface, cm *corev1.ConfigMap) {
	cm.Data["seen"] = "true"
	if _, err := cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		log.Printf("marking %s seen: %v", cm.Name, err)
	}
}
