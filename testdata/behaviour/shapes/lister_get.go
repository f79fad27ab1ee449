package shapes

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	corelisters "k8s.io/client-go/listers/core/v1"
)

// CachedSyncer reads ConfigMaps from an informer's lister and writes them
// with a clientset.
type CachedSyncer struct {
	Lister corelisters.ConfigMapLister
	Kube   kubernetes.Interface
}

// MarkCached marks the ConfigMap ns/name cached.
func (c *CachedSyncer) MarkCached(ctx context.Context, ns, name string) error {
	cm, err := c.Lister.ConfigMaps(ns).Get(name)
	if err != nil {
		return err
	}
	cm.Data["cached"] = "true"
	_, err = c.Kube.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{})
	return err
}
