// Package wiped holds retry closures that store a write's result in the
// object they re-read by its own name: after a failure the object is the
// empty value the client returns with its error.
package wiped

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"
)

func relabel(ctx context.Context, c kubernetes.Interface, cm *corev1.ConfigMap) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var err error
		cm, err = c.CoreV1().ConfigMaps(cm.Namespace).Get(ctx, cm.Name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		cm.Labels = map[string]string{"a": "b"}
		cm, err = c.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}) // want `cm is replaced by the result of ConfigMaps\(cm.Namespace\).Update, empty \(or nil\) after a failure, so the next attempt of retry.RetryOnConflict re-reads it by an empty name and the retry ends: keep the result in another variable`
		return err
	})
}

var gvr = schema.GroupVersionResource{Group: "example.com", Version: "v1", Resource: "widgets"}

func relabelDynamic(ctx context.Context, c dynamic.Interface, u *unstructured.Unstructured) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var err error
		u, err = c.Resource(gvr).Namespace(u.GetNamespace()).Get(ctx, u.GetName(), metav1.GetOptions{})
		if err != nil {
			return err
		}
		u.SetLabels(map[string]string{"a": "b"})
		u, err = c.Resource(gvr).Namespace(u.GetNamespace()).Update(ctx, u, metav1.UpdateOptions{}) // want `u is replaced by the result of Namespace\(…\).Update, empty \(or nil\) after a failure, so the next attempt of retry.RetryOnConflict re-reads it by an empty name and the retry ends: keep the result in another variable`
		return err
	})
}

// byKey re-reads by a key of its own: an empty object after a failure is
// overwritten by the next attempt's read.
func byKey(ctx context.Context, c kubernetes.Interface, ns, name string) (*corev1.ConfigMap, error) {
	var cm *corev1.ConfigMap
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var err error
		cm, err = c.CoreV1().ConfigMaps(ns).Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		cm.Labels = map[string]string{"a": "b"}
		cm, err = c.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}) // ok: the read does not depend on cm
		return err
	})
	return cm, err
}

// intoOther keeps the result apart.
func intoOther(ctx context.Context, c kubernetes.Interface, cm *corev1.ConfigMap) (*corev1.ConfigMap, error) {
	var updated *corev1.ConfigMap
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var err error
		cm, err = c.CoreV1().ConfigMaps(cm.Namespace).Get(ctx, cm.Name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		cm.Labels = map[string]string{"a": "b"}
		updated, err = c.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}) // ok: cm keeps its name
		return err
	})
	return updated, err
}

// perAttempt declares the object in the closure: every attempt starts
// from the key.
func perAttempt(ctx context.Context, c kubernetes.Interface, key metav1.ObjectMeta) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cm, err := c.CoreV1().ConfigMaps(key.Namespace).Get(ctx, key.Name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		cm.Labels = map[string]string{"a": "b"}
		cm, err = c.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}) // ok: cm is the attempt's own
		_ = cm
		return err
	})
}

// usedAfterRetry returns the object after the retry, where a last failed
// attempt left the empty object: a fix would change what the caller gets.
func usedAfterRetry(ctx context.Context, c kubernetes.Interface, cm *corev1.ConfigMap) (*corev1.ConfigMap, error) {
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var err error
		cm, err = c.CoreV1().ConfigMaps(cm.Namespace).Get(ctx, cm.Name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		cm.Labels = map[string]string{"a": "b"}
		cm, err = c.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}) // want `cm is replaced by the result of ConfigMaps\(cm.Namespace\).Update, empty \(or nil\) after a failure, so the next attempt of retry.RetryOnConflict re-reads it by an empty name and the retry ends: keep the result in another variable`
		return err
	})
	return cm, err
}
