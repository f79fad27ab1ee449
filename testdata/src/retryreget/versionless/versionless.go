// Package versionless holds retry closures whose written object is
// refreshed without a Get into it, or carries no resourceVersion at all.
package versionless

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
	kube kubernetes.Interface
}

// desired computes the whole object each time, the way operators that own
// their objects do.
func desired(name string) *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "ns"}, Data: map[string]string{"a": "b"}}
}

// mergeMetadata gives want the live object's version.
func mergeMetadata(want, live *corev1.ConfigMap) {
	want.ResourceVersion = live.ResourceVersion
}

func (r *Reconciler) liveVersionCopied(ctx context.Context, key types.NamespacedName) error {
	want := desired(key.Name)
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var live corev1.ConfigMap
		if err := r.Get(ctx, key, &live); err != nil {
			return err
		}
		want.ResourceVersion = live.ResourceVersion
		return r.Update(ctx, want) // ok: the live resourceVersion is copied on each attempt
	})
}

func (r *Reconciler) liveVersionSet(ctx context.Context, key types.NamespacedName) error {
	want := desired(key.Name)
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		live := &corev1.ConfigMap{}
		if err := r.Get(ctx, key, live); err != nil {
			return err
		}
		want.SetResourceVersion(live.GetResourceVersion())
		return r.Update(ctx, want) // ok: SetResourceVersion from the live object
	})
}

func (r *Reconciler) liveCopiedInto(ctx context.Context, key types.NamespacedName) error {
	cm := desired(key.Name)
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		live := &corev1.ConfigMap{}
		if err := r.Get(ctx, key, live); err != nil {
			return err
		}
		live.DeepCopyInto(cm)
		cm.Data = map[string]string{"a": "b"}
		return r.Update(ctx, cm) // ok: the live object is copied into cm
	})
}

func (r *Reconciler) mergedByHelper(ctx context.Context, key types.NamespacedName) error {
	want := desired(key.Name)
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		live, err := r.kube.CoreV1().ConfigMaps(key.Namespace).Get(ctx, key.Name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		mergeMetadata(want, live)
		_, err = r.kube.CoreV1().ConfigMaps(key.Namespace).Update(ctx, want, metav1.UpdateOptions{}) // ok: a helper copies the live version
		return err
	})
}

func (r *Reconciler) versionCleared(ctx context.Context, key types.NamespacedName, cm *corev1.ConfigMap) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cm.ResourceVersion = ""
		cm.Data = map[string]string{"a": "b"}
		return r.Update(ctx, cm) // want `cm is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure`
	})
}

func (r *Reconciler) builtFresh(ctx context.Context, name string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "ns"}}
		return r.Update(ctx, cm) // ok: no resourceVersion, so it cannot conflict
	})
}

func (r *Reconciler) builtOutside(ctx context.Context, name string) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "ns"}}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		_, err := r.kube.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{}) // ok: built without resourceVersion; a typed Update leaves it so
		return err
	})
}

// mergeMeta gives want the live metadata's version, as operators that
// pass ObjectMeta around do.
func mergeMeta(want *metav1.ObjectMeta, live metav1.ObjectMeta) {
	want.ResourceVersion = live.ResourceVersion
}

func (r *Reconciler) mergedMetaByHelper(ctx context.Context, key types.NamespacedName, want *corev1.ConfigMap) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		live, err := r.kube.CoreV1().ConfigMaps(key.Namespace).Get(ctx, key.Name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		mergeMeta(&want.ObjectMeta, live.ObjectMeta)
		_, err = r.kube.CoreV1().ConfigMaps(key.Namespace).Update(ctx, want, metav1.UpdateOptions{}) // ok: the helper copies the live version into its metadata
		return err
	})
}

func (r *Reconciler) versionClearedTyped(ctx context.Context, cm *corev1.ConfigMap) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cm.ObjectMeta.ResourceVersion = ""
		_, err := r.kube.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{}) // want `cm is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure`
		return err
	})
}
