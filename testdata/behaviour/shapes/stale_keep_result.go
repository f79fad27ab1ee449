package shapes

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// PublishThenStamp publishes the ConfigMap ns/name, then stamps it.
func (s *Syncer) PublishThenStamp(ctx context.Context, ns, name string) error {
	cms := s.Kube.CoreV1().ConfigMaps(ns)
	cm, err := cms.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	cm.Data["published"] = "true"
	_, err = cms.Update(ctx, cm, metav1.UpdateOptions{})
	if err != nil {
		return err
	}
	cm.Data["stamped"] = "true"
	_, err = cms.Update(ctx, cm, metav1.UpdateOptions{})
	return err
}
