package shapes

import (
	"context"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// ReleaseAll releases every ConfigMap of ns, then stamps it.
func (s *Syncer) ReleaseAll(ctx context.Context, ns string) error {
	cms := s.Kube.CoreV1().ConfigMaps(ns)
	list, err := cms.List(ctx, metav1.ListOptions{})
	if err != nil {
		return err
	}
	for i := range list.Items {
		cm := &list.Items[i]
		cm.Data["released"] = "true"
		if _, err := cms.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
			return fmt.Errorf("releasing %s: %w", cm.Name, err)
		}
		cm.Data["stamped"] = "true"
		if _, err := cms.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
			return fmt.Errorf("stamping %s: %w", cm.Name, err)
		}
	}
	return nil
}
