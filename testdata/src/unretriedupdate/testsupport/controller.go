// Package testsupport holds a controller package whose non-test file
// helps its tests: it builds the controller on a fake clientset and
// writes through it. Its writes run only in tests, so they are test code;
// the product file beside it is judged as usual.
package testsupport

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/klog/v2"
)

// Controller syncs config maps.
type Controller struct {
	kube kubernetes.Interface
}

func (c *Controller) markInUse(ctx context.Context, name string) {
	cm, err := c.kube.CoreV1().ConfigMaps("ns").Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"inUse": "true"}
	if _, err := c.kube.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("ns"\).Update cannot be returned by markInUse: re-read cm inside retry.RetryOnConflict; lost for good`
		klog.ErrorS(err, "marking in use", "name", cm.Name)
	}
}

var _ = (*Controller).markInUse
var _ = corev1.ConfigMap{}
