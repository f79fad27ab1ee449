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

// ensureNamed reads the named Secret again and writes it.
func (a *Authority) ensureNamed(ctx context.Context, name string) error {
	s, err := a.kube.CoreV1().Secrets("ns").Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	s.Data = map[string][]byte{"k": nil}
	_, err = a.kube.CoreV1().Secrets("ns").Update(ctx, s, metav1.UpdateOptions{})
	return err
}

// untilDone runs ensureNamed one second apart until it succeeds; each
// turn finds again what it works on, so the call's argument is the turn's
// own (infinispan's config listener): a retry, not a move to other work.
func (a *Authority) untilDone(ctx context.Context) {
	wait := func() { time.Sleep(time.Second) }
	for {
		pods, err := a.kube.CoreV1().Pods("ns").List(ctx, metav1.ListOptions{})
		if err != nil {
			klog.Error(err)
		}
		var ready *corev1.Pod
		for i := range pods.Items {
			ready = &pods.Items[i]
			break
		}
		if ready == nil {
			klog.Info("waiting for a pod")
		} else if err = a.ensureNamed(ctx, ready.Name); err != nil { // ok: the loop leaves only once it succeeds
			klog.Error(err)
		} else {
			break
		}
		wait()
	}
}

// eachPod goes on to the next pod after a failure: the failed one is not
// written again.
func (a *Authority) eachPod(ctx context.Context, pods []corev1.Pod) {
	for _, pod := range pods {
		if err := a.ensureNamed(ctx, pod.Name); err != nil { // want `conflict from a.ensureNamed cannot be returned by [a-zA-Z]*: requeue the object`
			klog.Error(err)
			continue
		}
		break
	}
}

// eventLoop handles one event after another and leaves only when stopped:
// the next turn is another event's.
func (a *Authority) eventLoop(ctx context.Context, names <-chan string) {
	for {
		select {
		case name := <-names:
			if err := a.ensureNamed(ctx, name); err != nil { // want `conflict from a.ensureNamed cannot be returned by [a-zA-Z]*: requeue the object`
				klog.Error(err)
			}
		case <-ctx.Done():
			return
		}
	}
}
