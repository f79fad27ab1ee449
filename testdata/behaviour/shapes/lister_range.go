package shapes

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
)

// SweepAll marks every ConfigMap of ns swept.
func (c *CachedSyncer) SweepAll(ctx context.Context, ns string) error {
	cms, err := c.Lister.ConfigMaps(ns).List(labels.Everything())
	if err != nil {
		return err
	}
	for _, cm := range cms {
		cm.Data["swept"] = "true"
		if _, err := c.Kube.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
			return err
		}
	}
	return nil
}
