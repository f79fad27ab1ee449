// Package dropped holds retries that re-read the object and write it back
// without the change: the change was made to the old copy before the
// retry, so the re-read replaces it and the retried write succeeds with
// the server's own state. The last two reduce minio-operator's status
// helpers: one writes only what its callers changed, the other applies a
// value it is given again after the re-read.
package dropped

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	k8serrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// relabel changes cm, then re-reads it inside the retry and writes back
// what the server holds.
func relabel(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	cm.Labels = map[string]string{"tier": "gold"}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := c.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil { // want `the re-read of cm inside retry.RetryOnConflict replaces the change made to it before the retry, and c.Update writes it back unchanged: make the change after the re-read`
			return err
		}
		return c.Update(ctx, cm)
	})
}

// relabelInside makes the change after the re-read: every attempt
// carries it.
func relabelInside(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := c.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
			return err
		}
		cm.Labels = map[string]string{"tier": "gold"}
		return c.Update(ctx, cm)
	})
}

// rewrite writes the object back as stored, on purpose (a storage
// migration): nothing was changed before the retry.
func rewrite(ctx context.Context, c client.Client, key client.ObjectKey) error {
	var cm corev1.ConfigMap
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := c.Get(ctx, key, &cm); err != nil {
			return err
		}
		return c.Update(ctx, &cm)
	})
}

// refreshedFirst reads cm after changing it: the change is gone before the
// retry begins, which is another mistake than this one.
func refreshedFirst(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	cm.Labels = map[string]string{"tier": "gold"}
	if err := c.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := c.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
			return err
		}
		return c.Update(ctx, cm)
	})
}

// touched hands cm to a helper between the re-read and the write: the
// helper may make the change.
func touched(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	cm.Labels = map[string]string{"tier": "gold"}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := c.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
			return err
		}
		gild(cm)
		return c.Update(ctx, cm)
	})
}

func gild(cm *corev1.ConfigMap) { cm.Labels = map[string]string{"tier": "gold"} }

type Controller struct {
	kube kubernetes.Interface
}

// savePools writes the pools its callers set on cm. On a Conflict it
// reads cm again and runs once more with the fresh copy, which holds none
// of the callers' change.
func (c *Controller) savePools(ctx context.Context, cm *corev1.ConfigMap, again bool) (*corev1.ConfigMap, error) {
	cmCopy := cm.DeepCopy()
	cmCopy.BinaryData = nil
	cmCopy.Data = cm.Data
	out, err := c.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cmCopy, metav1.UpdateOptions{})
	if err != nil {
		if k8serrors.IsConflict(err) && again {
			fmt.Printf("conflict on %s, reading it again\n", cm.Name)
			cm, err = c.kube.CoreV1().ConfigMaps(cm.Namespace).Get(ctx, cm.Name, metav1.GetOptions{})
			if err != nil {
				return cm, err
			}
			return c.savePools(ctx, cm, false) // want `savePools re-reads cm after a failed write and runs again with it, but adds no change of its own: the change its caller made to cm is dropped and the call succeeds: return the conflict, so that the caller re-applies its change`
		}
		return out, err
	}
	return out, nil
}

// markPools sets the pools and saves them.
func (c *Controller) markPools(ctx context.Context, cm *corev1.ConfigMap) error {
	cm.Data = map[string]string{"pool-0": "initialized"}
	_, err := c.savePools(ctx, cm, true)
	return err
}

// saveMode applies the mode it is given to the copy it writes, after the
// re-read too: the retry carries the change.
func (c *Controller) saveMode(ctx context.Context, cm *corev1.ConfigMap, mode string, again bool) (*corev1.ConfigMap, error) {
	cmCopy := cm.DeepCopy()
	cmCopy.Data = map[string]string{"mode": mode}
	out, err := c.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cmCopy, metav1.UpdateOptions{})
	if err != nil {
		if k8serrors.IsConflict(err) && again {
			cm, err = c.kube.CoreV1().ConfigMaps(cm.Namespace).Get(ctx, cm.Name, metav1.GetOptions{})
			if err != nil {
				return cm, err
			}
			return c.saveMode(ctx, cm, mode, false)
		}
		return out, err
	}
	return out, nil
}

// versionOnly copies the live resourceVersion onto cm: the change stays
// (and overwrites what others wrote, which is another matter).
func versionOnly(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	cm.Labels = map[string]string{"tier": "gold"}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var live corev1.ConfigMap
		if err := c.Get(ctx, client.ObjectKeyFromObject(cm), &live); err != nil {
			return err
		}
		cm.ResourceVersion = live.ResourceVersion
		return c.Update(ctx, cm)
	})
}
