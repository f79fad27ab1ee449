// Package model pins down what analyzer/model finds.
package model

import (
	"context"
	"errors"
	"time"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	"example.com/foo-operator/pkg/generated/clientset/versioned"
	foolisters "example.com/foo-operator/pkg/generated/listers/foo/v1"
	corev1 "k8s.io/api/core/v1"
	apierrs "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type R struct {
	client.Client
	kube   kubernetes.Interface
	foos   versioned.Interface
	dyn    dynamic.Interface
	lister foolisters.FooLister
}

func (r *R) writes(ctx context.Context, cm *corev1.ConfigMap, foo *foov1.Foo, u *unstructured.Unstructured) {
	_ = r.Update(ctx, cm)                                                                                  // want `write update cm via r`
	_ = r.Status().Update(ctx, foo)                                                                        // want `write subresource-update foo via r.Status\(\)`
	_ = r.SubResource("scale").Update(ctx, foo)                                                            // want `write subresource-update foo via r.SubResource\("scale"\)`
	_ = r.Patch(ctx, cm, client.MergeFromWithOptions(cm.DeepCopy(), client.MergeFromWithOptimisticLock{})) // want `write optimistic-patch cm via r`
	p := client.StrategicMergeFrom(cm.DeepCopy(), client.MergeFromWithOptimisticLock{})
	_ = r.Patch(ctx, cm, p) // want `write optimistic-patch cm via r`
	_ = r.Patch(ctx, cm, client.MergeFrom(cm.DeepCopy()))
	_, _ = controllerutil.CreateOrUpdate(ctx, r.Client, cm, nil)                                                // want `write create-or-update cm via r.Client`
	_, _ = ctrl.CreateOrUpdate(ctx, r.Client, cm, nil)                                                          // want `write create-or-update cm via r.Client`
	_, _ = r.kube.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{})                             // want `write typed-update cm via r.kube.CoreV1\(\).ConfigMaps\("ns"\)`
	_, _ = r.foos.FooV1().Foos("ns").UpdateStatus(ctx, foo, metav1.UpdateOptions{})                             // want `write typed-update foo via`
	_, _ = r.dyn.Resource(schema.GroupVersionResource{}).Namespace("ns").Update(ctx, u, metav1.UpdateOptions{}) // want `write dynamic-update u via`
	_, _ = r.dyn.Resource(schema.GroupVersionResource{}).UpdateStatus(ctx, u, metav1.UpdateOptions{})           // want `write dynamic-update u via`
	_ = r.Create(ctx, cm)
	_ = r.Delete(ctx, cm)
	_, _ = r.kube.CoreV1().ConfigMaps("ns").Create(ctx, cm, metav1.CreateOptions{})
}

func (r *R) reads(ctx context.Context, key client.ObjectKey) {
	var cm corev1.ConfigMap
	_ = r.Get(ctx, key, &cm)                                              // want `read cm`
	foo, _ := r.lister.Foos("ns").Get("x")                                // want `read foo`
	foo, _ = r.foos.FooV1().Foos("ns").Get(ctx, "x", metav1.GetOptions{}) // want `read foo`
	_ = foo
}

func (r *R) sync() error { return nil } // want `scope of RetryOnConflict`

func updateWithRetry(fn func() error) error { // want `retry helper param 0`
	return retry.RetryOnConflict(retry.DefaultRetry, fn)
}

func backoffHelper(ctx context.Context, do func(context.Context) error) error { // want `retry helper param 1`
	return wait.ExponentialBackoffWithContext(ctx, retry.DefaultBackoff, func(ctx context.Context) (bool, error) { // want `scope of ExponentialBackoffWithContext`
		err := do(ctx)
		if apierrs.IsConflict(err) { // want `conflict check`
			return false, nil
		}
		return err == nil, err
	})
}

func isRetriable(err error) bool { return apierrs.IsConflict(err) } // want `conflict check`

func (r *R) scopes(ctx context.Context, cm *corev1.ConfigMap) {
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error { // want `scope of RetryOnConflict`
		return r.Update(ctx, cm) // want `write update cm via r in scope`
	})
	_ = retry.RetryOnConflict(retry.DefaultRetry, r.sync)
	_ = retry.OnError(retry.DefaultBackoff, apierrs.IsConflict, func() error { return nil })     // want `scope of OnError`
	_ = retry.OnError(retry.DefaultBackoff, isRetriable, func() error { return nil })            // want `scope of OnError`
	_ = retry.OnError(retry.DefaultBackoff, func(err error) bool { return true }, func() error { // want `scope of OnError`
		return r.Update(ctx, cm) // want `write update cm via r in scope`
	})
	_ = retry.OnError(retry.DefaultBackoff, apierrs.IsTimeout, func() error { // not a conflict retry
		return r.Update(ctx, cm) // want `write update cm via r$`
	})
	_ = wait.ExponentialBackoff(retry.DefaultBackoff, func() (bool, error) { // polling without IsConflict: not a scope
		return true, nil
	})
	_ = wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) { // want `scope of PollUntilContextTimeout`
		err := r.Update(ctx, cm)                       // want `write update cm via r in scope`
		return !apierrs.IsConflict(err), errors.Join() // want `conflict check`
	})
	fn := func() error { // want `scope of updateWithRetry`
		return r.Status().Update(ctx, cm) // want `write subresource-update cm via r.Status\(\) in scope`
	}
	_ = updateWithRetry(fn)
	_ = backoffHelper(ctx, func(ctx context.Context) error { // want `scope of backoffHelper`
		return nil
	})
}
