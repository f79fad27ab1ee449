// Package loops holds unretriedupdate scenarios for loops that retry: a
// wait poll whose condition never reports done is run again after every
// failure, and a hand-written loop that leaves only on a non-Conflict
// error sends a Conflict to its next iteration.
package loops

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"
	"k8s.io/klog/v2"
)

type Authority struct {
	kube kubernetes.Interface
}

// ensure reads the Secret again and writes it; its callers decide what a
// failure means.
func (a *Authority) ensure(ctx context.Context) error {
	s, err := a.kube.CoreV1().Secrets("ns").Get(ctx, "ca", metav1.GetOptions{})
	if err != nil {
		return err
	}
	s.Data = map[string][]byte{"k": nil}
	_, err = a.kube.CoreV1().Secrets("ns").Update(ctx, s, metav1.UpdateOptions{})
	return err
}

// Run polls forever: every tick runs ensure again.
func (a *Authority) Run(ctx context.Context) error {
	return wait.PollUntilContextCancel(ctx, 10*time.Second, true, func(ctx context.Context) (bool, error) {
		if err := a.ensure(ctx); err != nil { // ok: the poll never reports done, so the next tick retries
			klog.Error(err)
		}
		return false, nil
	})
}

// RunUntilDone stops at the first success: a failure is retried by the next
// tick as well, but a condition that may report done is not taken as a
// retry without an IsConflict test.
func (a *Authority) RunUntilDone(ctx context.Context, cm *corev1.ConfigMap) error {
	return wait.PollUntilContextCancel(ctx, time.Second, true, func(ctx context.Context) (bool, error) {
		if _, err := a.kube.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from .* is only logged`
			klog.Error(err)
			return false, nil
		}
		return true, nil
	})
}

// named returns through a named result, whose value is out of view.
func (a *Authority) named(ctx context.Context, cm *corev1.ConfigMap) error {
	return wait.PollUntilContextCancel(ctx, time.Second, true, func(ctx context.Context) (done bool, err error) {
		if _, err := a.kube.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from .* is only logged`
			klog.Error(err)
		}
		return
	})
}

// markReady retries by hand: a Conflict falls through to the next
// iteration, which reads the pod again.
func (a *Authority) markReady(ctx context.Context, name string) int {
	for i := 0; i < 5; i++ {
		pod, err := a.kube.CoreV1().Pods("ns").Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			klog.Fatal(err)
		}
		pod.Status.Phase = "Running"
		_, err = a.kube.CoreV1().Pods("ns").UpdateStatus(ctx, pod, metav1.UpdateOptions{}) // ok: a Conflict goes round the loop again
		if err == nil {
			break
		}
		if !apierrors.IsConflict(err) {
			klog.Fatal(err)
		}
		time.Sleep(time.Second)
	}
	return 1
}

// markOnce has the same test outside a loop: a Conflict is dropped.
func (a *Authority) markOnce(ctx context.Context, pod *corev1.Pod) {
	_, err := a.kube.CoreV1().Pods("ns").UpdateStatus(ctx, pod, metav1.UpdateOptions{}) // want `conflict from Pods\("ns"\).UpdateStatus cannot be returned by markOnce: requeue the object, or re-read pod inside retry.RetryOnConflict`
	if !apierrors.IsConflict(err) {
		klog.Fatal(err)
	}
}
