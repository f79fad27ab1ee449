// Package deref holds retries that write an object through a dereference
// (*cm, given by value to a helper): a re-read into the pointer refreshes
// what the write sends.
package deref

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"
)

type budget struct{ cs kubernetes.Interface }

// take writes the ConfigMap it is given by value.
func (b *budget) take(ns, by string, cm corev1.ConfigMap, dryRun bool) error {
	if dryRun {
		return nil
	}
	cm.Data["taken"] = by
	if _, err := b.cs.CoreV1().ConfigMaps(ns).Update(context.TODO(), &cm, metav1.UpdateOptions{}); err != nil {
		return err
	}
	return nil
}

// The first attempt writes the object listed before the retry; every later
// one re-reads it into the pointer first (Kubernetes' eviction handler).
func (b *budget) refreshed(ctx context.Context, ns string) error {
	return func() error {
		list, err := b.cs.CoreV1().ConfigMaps(ns).List(ctx, metav1.ListOptions{})
		if err != nil || len(list.Items) == 0 {
			return err
		}
		cm := &list.Items[0]
		name := cm.Name
		refresh := false
		err = retry.RetryOnConflict(retry.DefaultRetry, func() error {
			if refresh {
				cm, err = b.cs.CoreV1().ConfigMaps(ns).Get(ctx, name, metav1.GetOptions{})
				if err != nil {
					return err
				}
			}
			if err = b.take(ns, "me", *cm, false); err != nil { // ok: re-read into cm after a failed attempt
				refresh = true
				return err
			}
			return nil
		})
		return err
	}()
}

func (b *budget) stale(ns string, cm *corev1.ConfigMap) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return b.take(ns, "me", *cm, false) // want `b.take writes cm, which is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure`
	})
}
