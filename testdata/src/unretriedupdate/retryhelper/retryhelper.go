// Package retryhelper retries a failed status write once through a helper
// that reads the object again by the one it failed to write and writes
// the fresh copy (the shape of NGINX's ingress controller status
// updater): the Conflict is retried, so the first write is no finding;
// the helper's own failure is traced from its write. A helper that reads
// something else, or writes the stale object again, retries nothing.
package retryhelper

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	typedcorev1 "k8s.io/client-go/kubernetes/typed/core/v1"
)

type Updater struct {
	cs kubernetes.Interface
}

// UpdateStatus returns the retry's failure in place of the first one.
func (u *Updater) UpdateStatus(ctx context.Context, latest *corev1.ConfigMap, state string) error {
	cp := latest.DeepCopy()
	cp.Data = map[string]string{"state": state}
	_, err := u.cs.CoreV1().ConfigMaps(cp.Namespace).Update(ctx, cp, metav1.UpdateOptions{})
	if err != nil {
		log.Printf("updating %s/%s, retrying: %v", cp.Namespace, cp.Name, err)
		return u.retryUpdate(ctx, cp)
	}
	return nil
}

// retryUpdate reads cp's object again and writes the fresh copy with cp's
// data.
func (u *Updater) retryUpdate(ctx context.Context, cp *corev1.ConfigMap) error {
	cm, err := u.cs.CoreV1().ConfigMaps(cp.Namespace).Get(ctx, cp.Name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	cm.Data = cp.Data
	_, err = u.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{})
	return err
}

// UpdateThroughClient keeps the retry's failure in err and returns it.
func (u *Updater) UpdateThroughClient(ctx context.Context, latest *corev1.ConfigMap) error {
	client := u.cs.CoreV1().ConfigMaps(latest.Namespace)
	cp := latest.DeepCopy()
	cp.Labels = map[string]string{"seen": "true"}
	_, err := client.Update(ctx, cp, metav1.UpdateOptions{})
	if err != nil {
		log.Printf("error setting labels: %v", err)
		err = retryWith(ctx, client, cp)
		if err != nil {
			log.Printf("error retrying: %v", err)
			return err
		}
	}
	return nil
}

func retryWith(ctx context.Context, client typedcorev1.ConfigMapInterface, cp *corev1.ConfigMap) error {
	fresh, err := client.Get(ctx, cp.Name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	fresh.Labels = cp.Labels
	_, err = client.Update(ctx, fresh, metav1.UpdateOptions{})
	return err
}

// UpdateDefaults "retries" with a helper that reads another object: the
// Conflict of cp is lost.
func (u *Updater) UpdateDefaults(ctx context.Context, latest *corev1.ConfigMap) {
	cp := latest.DeepCopy()
	cp.Data = map[string]string{"defaults": "true"}
	if _, err := u.cs.CoreV1().ConfigMaps(cp.Namespace).Update(ctx, cp, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cp.Namespace\).Update cannot be returned by UpdateDefaults: re-read cp inside retry.RetryOnConflict; lost for good`
		log.Printf("updating defaults: %v", err)
		_ = u.touchDefaults(ctx, cp.Namespace) // want `conflict from u.touchDefaults cannot be returned by UpdateDefaults: requeue the object, or re-read the object inside retry.RetryOnConflict; lost for good`
	}
}

// touchDefaults reads and writes the namespace's defaults object, which
// is not the object its caller failed to write.
func (u *Updater) touchDefaults(ctx context.Context, ns string) error {
	cm, err := u.cs.CoreV1().ConfigMaps(ns).Get(ctx, "defaults", metav1.GetOptions{})
	if err != nil {
		return err
	}
	cm.Labels = map[string]string{"touched": "true"}
	_, err = u.cs.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{})
	return err
}
