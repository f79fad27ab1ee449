// Package cleared holds staleupdate cases whose second write sends an
// object with its resourceVersion blanked: it cannot conflict, stale or
// not.
package cleared

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

type Controller struct {
	client kubernetes.Interface
}

func (c *Controller) blankedThenAgain(ctx context.Context, cm *corev1.ConfigMap) error {
	cms := c.client.CoreV1().ConfigMaps(cm.Namespace)
	if _, err := cms.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		return err
	}
	cm.Annotations = map[string]string{"done": "true"}
	cm.ResourceVersion = ""
	_, err := cms.Update(ctx, cm, metav1.UpdateOptions{}) // ok: the version is blanked, so the write is unconditional
	return err
}

func (c *Controller) blankedAfterFailure(ctx context.Context, cm *corev1.ConfigMap) {
	cms := c.client.CoreV1().ConfigMaps(cm.Namespace)
	if _, err := cms.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		cm.SetResourceVersion("")
		cms.Update(ctx, cm, metav1.UpdateOptions{}) // ok: blanked after the failure
	}
}

func (c *Controller) retryBlanked(ctx context.Context, pod *corev1.Pod) error {
	var err error
	for i := 0; i < 3; i++ {
		pod.ResourceVersion = ""
		if _, err = c.client.CoreV1().Pods(pod.Namespace).UpdateStatus(ctx, pod, metav1.UpdateOptions{}); err == nil { // ok: blanked on every turn
			return nil
		}
	}
	return err
}

func (c *Controller) blankedOnOnePath(ctx context.Context, cm *corev1.ConfigMap, force bool) {
	cms := c.client.CoreV1().ConfigMaps(cm.Namespace)
	cms.Update(ctx, cm, metav1.UpdateOptions{})
	if force {
		cm.ResourceVersion = ""
	}
	cms.Update(ctx, cm, metav1.UpdateOptions{}) // want `cm is written again after cms.Update, without a re-read, so it may conflict: keep the object Update returns, or re-read cm first`
}
