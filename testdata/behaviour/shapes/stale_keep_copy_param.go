package shapes

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// SaveAndStamp writes the caller's cm, then stamps it.
func (s *Syncer) SaveAndStamp(ctx context.Context, cm *corev1.ConfigMap) error {
	cms := s.Kube.CoreV1().ConfigMaps(cm.Namespace)
	if _, err := cms.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		return err
	}
	cm.Data["stamped"] = "true"
	if _, err := cms.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		return err
	}
	return nil
}
