// Package typed holds retryreget scenarios on client-go typed, generated
// and dynamic clients.
package typed

import (
	"context"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	"example.com/foo-operator/pkg/generated/clientset/versioned"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/util/retry"
)

// A typed write of a captured object: the fix reassigns it from the same
// resource interface's Get, under names the closure leaves free.
func typedUpdate(ctx context.Context, cs kubernetes.Interface, ns, name string) error {
	cm, err := cs.CoreV1().ConfigMaps(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	cm.Data["k"] = "v"
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		_, err := cs.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}) // want `cm is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure`
		return err
	})
}

// The write's own result is not a re-read: on Conflict it is not the
// stored object.
func reassignedFromWrite(ctx context.Context, cs kubernetes.Interface, ns, name string) error {
	cm, err := cs.CoreV1().ConfigMaps(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cm.Labels["seen"] = "true"
		var err error
		cm, err = cs.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}) // want `cm is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure`
		return err
	})
}

// A generated CRD clientset, UpdateStatus.
func generated(ctx context.Context, cs versioned.Interface, foo *foov1.Foo) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		foo.Status.Phase = "Ready"
		_, err := cs.FooV1().Foos(foo.Namespace).UpdateStatus(ctx, foo, metav1.UpdateOptions{}) // want `foo is not re-read inside retry.RetryOnConflict, so every attempt conflicts: re-read foo after each conflict`
		return err
	})
}

var gvr = schema.GroupVersionResource{Group: "example.com", Version: "v1", Resource: "foos"}

// The dynamic client, re-read from its Get.
func dynamicUpdate(ctx context.Context, dc dynamic.Interface, ns, name string) error {
	u, err := dc.Resource(gvr).Namespace(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		_ = unstructured.SetNestedField(u.Object, "on", "spec", "mode")
		_, err := dc.Resource(gvr).Namespace(ns).Update(ctx, u, metav1.UpdateOptions{}) // want `u is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get u at the top of the closure`
		return err
	})
}

// The documented client-go pattern: the object is fetched inside.
func documented(ctx context.Context, cs kubernetes.Interface, ns, name string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cm, err := cs.CoreV1().ConfigMaps(ns).Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		cm.Data["k"] = "v"
		_, err = cs.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}) // ok: fetched on every attempt
		return err
	})
}

// Declared outside, reassigned from a lister inside.
func lister(ctx context.Context, cs kubernetes.Interface, cms corelisters.ConfigMapLister, ns, name string) error {
	cm, err := cms.ConfigMaps(ns).Get(name)
	if err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var err error
		if cm, err = cms.ConfigMaps(ns).Get(name); err != nil {
			return err
		}
		cm = cm.DeepCopy()
		cm.Data["k"] = "v"
		_, err = cs.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}) // ok: reassigned from a lister inside the closure
		return err
	})
}

// A wait loop that tests IsConflict is a retry scope; the re-read of its
// (bool, error) condition ends the wait with the read's error.
func waitLoop(ctx context.Context, cs kubernetes.Interface, ns, name string) error {
	cm, err := cs.CoreV1().ConfigMaps(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	return wait.ExponentialBackoff(retry.DefaultRetry, func() (bool, error) {
		_, err := cs.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}) // want `cm is not re-read inside wait.ExponentialBackoff, so every attempt conflicts: Get cm at the top of the closure`
		if apierrors.IsConflict(err) {
			return false, nil
		}
		return err == nil, err
	})
}
