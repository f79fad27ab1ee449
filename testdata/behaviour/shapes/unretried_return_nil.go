package shapes

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
	"k8s.io/klog/v2"
)

// Syncer is a client-go controller: a work queue runs its sync handlers
// again while they return an error.
type Syncer struct {
	Kube kubernetes.Interface
}

// SyncHandler marks the ConfigMap of key synced.
func (s *Syncer) SyncHandler(ctx context.Context, key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return err
	}
	cm, err := s.Kube.CoreV1().ConfigMaps(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	cm.Data["synced"] = "true"
	if _, err := s.Kube.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		klog.Errorf("syncing %s: %v", key, err)
		return nil
	}
	return nil
}
