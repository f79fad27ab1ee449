// Package typed holds staleupdate cases for client-go typed clients.
package typed

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

type Controller struct {
	client kubernetes.Interface
}

func (c *Controller) ifInitThenAgain(ctx context.Context, cm *corev1.ConfigMap) error {
	cms := c.client.CoreV1().ConfigMaps(cm.Namespace)
	if _, err := cms.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		return err
	}
	cm.Annotations = map[string]string{"done": "true"}
	_, err := cms.Update(ctx, cm, metav1.UpdateOptions{}) // want `cm is written again after cms\.Update succeeded, without a re-read, so it conflicts: keep the object Update returns, or re-read cm first$`
	return err
}

func (c *Controller) errorIgnored(ctx context.Context, cm *corev1.ConfigMap) {
	cms := c.client.CoreV1().ConfigMaps(cm.Namespace)
	cms.Update(ctx, cm, metav1.UpdateOptions{})
	cm.Data["k"] = "v"
	cms.Update(ctx, cm, metav1.UpdateOptions{}) // want `cm is written again after cms.Update, without a re-read, so it may conflict: keep the object Update returns, or re-read cm first`
}

func (c *Controller) retryTyped(ctx context.Context, pod *corev1.Pod) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = c.client.CoreV1().Pods(pod.Namespace).UpdateStatus(ctx, pod, metav1.UpdateOptions{}); err == nil { // want `Pods\(pod.Namespace\).UpdateStatus is retried without re-reading pod, so it conflicts again: re-read pod before each retry`
			return nil
		}
	}
	return err
}

func (c *Controller) perItem(ctx context.Context, cm *corev1.ConfigMap, keys []string) error {
	for _, k := range keys {
		cm.Data[k] = "x"
		if _, err := c.client.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `the next iteration writes cm after ConfigMaps\(cm.Namespace\).Update succeeded, without a re-read, so it conflicts: copy the object Update returns into cm`
			return err
		}
	}
	return nil
}

func (c *Controller) getCM(ctx context.Context, ns, name string) (*corev1.ConfigMap, error) {
	return c.client.CoreV1().ConfigMaps(ns).Get(ctx, name, metav1.GetOptions{})
}

func (c *Controller) loopWithReadHelper(ctx context.Context, ns, name string) error {
	var cm *corev1.ConfigMap
	var err error
	for i := 0; i < 3; i++ {
		if cm, err = c.getCM(ctx, ns, name); err != nil {
			return err
		}
		cm.Data["k"] = "v"
		if _, err = c.client.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}); err == nil { // ok: getCM re-reads cm on every attempt
			return nil
		}
	}
	return err
}

func (c *Controller) usesResult(ctx context.Context, cm *corev1.ConfigMap) error {
	cms := c.client.CoreV1().ConfigMaps(cm.Namespace)
	updated, err := cms.Update(ctx, cm, metav1.UpdateOptions{})
	if err != nil {
		return err
	}
	updated.Annotations = map[string]string{"done": "true"}
	_, err = cms.Update(ctx, updated, metav1.UpdateOptions{}) // ok: writes the object the first Update returned
	return err
}

func (c *Controller) reassignsResult(ctx context.Context, cm *corev1.ConfigMap) error {
	cms := c.client.CoreV1().ConfigMaps(cm.Namespace)
	cm, err := cms.Update(ctx, cm, metav1.UpdateOptions{})
	if err != nil {
		return err
	}
	cm.Annotations = map[string]string{"done": "true"}
	_, err = cms.Update(ctx, cm, metav1.UpdateOptions{}) // ok: cm holds the returned object
	return err
}

func (c *Controller) failedOnly(ctx context.Context, cm *corev1.ConfigMap) error {
	cms := c.client.CoreV1().ConfigMaps(cm.Namespace)
	if _, err := cms.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		if _, err := cms.Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `cm is written again after cms.Update failed, without a re-read, so it conflicts again: re-read cm first, or use retry.RetryOnConflict`
			log.Printf("second attempt: %v", err)
		}
	}
	return nil
}

// syncEach copies each listed Service into a variable the loop's body
// declares without a value (kube-ovn's provider networks): each turn
// starts from nil and copies another item, so the next turn's Update is
// no second write of the copy whose status was just written.
func (c *Controller) syncEach(ctx context.Context, items []*corev1.Service) error {
	for _, item := range items {
		var next *corev1.Service
		if item.Labels["exclude"] == "true" {
			next = item.DeepCopy()
			next.Labels["excluded"] = "true"
		}
		if next != nil {
			var err error
			if next, err = c.client.CoreV1().Services(item.Namespace).Update(ctx, next, metav1.UpdateOptions{}); err != nil { // ok: another item's copy each turn
				return err
			}
		}
		if next == nil {
			next = item.DeepCopy()
		} else {
			next = next.DeepCopy()
		}
		next.Annotations = map[string]string{"ready": "true"}
		if _, err := c.client.CoreV1().Services(item.Namespace).UpdateStatus(ctx, next, metav1.UpdateOptions{}); err != nil {
			return err
		}
	}
	return nil
}
