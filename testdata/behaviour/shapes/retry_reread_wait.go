package shapes

import (
	"context"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
)

// DrainWithBackoff marks the ConfigMap ns/name draining, backing off while
// it conflicts.
func (s *Syncer) DrainWithBackoff(ctx context.Context, ns, name string) error {
	cm, err := s.Kube.CoreV1().ConfigMaps(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	cm.Data["draining"] = "true"
	backoff := wait.Backoff{Duration: 5 * time.Millisecond, Factor: 1, Steps: 4}
	return wait.ExponentialBackoffWithContext(ctx, backoff, func(ctx context.Context) (bool, error) {
		_, err := s.Kube.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{})
		if apierrors.IsConflict(err) {
			return false, nil
		}
		return err == nil, err
	})
}
