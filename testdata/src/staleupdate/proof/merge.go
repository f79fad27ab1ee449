package proof

import (
	"context"
	"encoding/json"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// mergeOntoFresh re-reads at the top of each turn and merges the desired
// object into the fresh copy by JSON before writing the fresh copy.
func (r *Reconciler) mergeOntoFresh(ctx context.Context, key client.ObjectKey, desired *corev1.ConfigMap) error {
	var err error
	for i := 0; i < 5; i++ {
		fresh := &corev1.ConfigMap{}
		if err = r.Get(ctx, key, fresh); err != nil {
			return err
		}
		data, merr := json.Marshal(desired.Data)
		if merr != nil {
			return merr
		}
		if merr := json.Unmarshal(data, &fresh.Data); merr != nil {
			return merr
		}
		if err = r.Update(ctx, fresh); err == nil { // ok: fresh is read again at the top of every turn
			return nil
		}
		if !apierrors.IsConflict(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// mergeTypedFresh: the typed form, with the fresh copy returned by Get and
// the whole desired object decoded onto it.
func (c *Controller) mergeTypedFresh(ctx context.Context, desired *corev1.ConfigMap) error {
	cms := c.client.CoreV1().ConfigMaps(desired.Namespace)
	for {
		fresh, err := cms.Get(ctx, desired.Name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		data, err := json.Marshal(desired)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(data, fresh); err != nil {
			return err
		}
		_, err = cms.Update(ctx, fresh, metav1.UpdateOptions{}) // ok: fresh is read again at the top of every turn
		if !apierrors.IsConflict(err) {
			return err
		}
	}
}

// mergeOnceThenRetry reads once, outside the loop: every retry sends the
// same merged copy.
func (c *Controller) mergeOnceThenRetry(ctx context.Context, desired *corev1.ConfigMap) error {
	cms := c.client.CoreV1().ConfigMaps(desired.Namespace)
	fresh, err := cms.Get(ctx, desired.Name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	data, err := json.Marshal(desired.Data)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, &fresh.Data); err != nil {
		return err
	}
	for {
		_, err = cms.Update(ctx, fresh, metav1.UpdateOptions{}) // want `cms.Update is retried without re-reading fresh, so it conflicts again: re-read fresh before each retry`
		if !apierrors.IsConflict(err) {
			return err
		}
	}
}

// mergeDecoded rebuilds one object on every turn by decoding the fresh
// copy into it, then applies the desired data.
func (c *Controller) mergeDecoded(ctx context.Context, desired *corev1.ConfigMap) error {
	cms := c.client.CoreV1().ConfigMaps(desired.Namespace)
	obj := &corev1.ConfigMap{}
	for {
		fresh, err := cms.Get(ctx, desired.Name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		data, err := json.Marshal(fresh)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(data, obj); err != nil {
			return err
		}
		obj.Data = desired.Data
		_, err = cms.Update(ctx, obj, metav1.UpdateOptions{}) // ok: obj is decoded from the fresh copy on every turn
		if !apierrors.IsConflict(err) {
			return err
		}
	}
}
