package shapes

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
)

// EnableModeTyped is EnableMode with a clientset.
func (s *Syncer) EnableModeTyped(ctx context.Context, ns, name string) error {
	cm, err := s.Kube.CoreV1().ConfigMaps(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	cm.Data["mode"] = "on"
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		_, err := s.Kube.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{})
		return err
	})
}
