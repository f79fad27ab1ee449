package shapes

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/klog/v2"
)

// SyncChecked marks the ConfigMap ns/name checked; the work queue runs it
// again while it returns an error.
func (s *Syncer) SyncChecked(ctx context.Context, ns, name string) error {
	cm, err := s.Kube.CoreV1().ConfigMaps(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	cm.Data["checked"] = "true"
	_, _ = s.Kube.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{})
	klog.Infof("checked %s/%s", ns, name)
	return nil
}
