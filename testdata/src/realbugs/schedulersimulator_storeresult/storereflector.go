// Package schedulersimulator_storeresult reduces a bug fixed in
// kubernetes-sigs/kube-scheduler-simulator.
//
//	repo:     https://github.com/kubernetes-sigs/kube-scheduler-simulator
//	fix:      https://github.com/kubernetes-sigs/kube-scheduler-simulator/pull/278 (commit 227786a142b4b2e6e32df6ff4f0efe84c4a6a406)
//	file:     simulator/scheduler/storereflector/storereflector.go, with simulator/util/retry.go
//	function: (*reflector).storeAllResultToPodFunc, the pod informer's UpdateFunc
//
// When a pod was updated, the informer's handler copied it, wrote the
// scheduling results into its annotations and updated it through the
// project's RetryWithExponentialBackOff (wait.ExponentialBackoff). The
// condition returned the Update's error, which ends the backoff at once,
// so the first Conflict (the scheduler binds and writes the same pod) was
// only logged and the results never reached the pod ("failed to update
// the pod with retry to record store"). The fix re-reads the pod inside
// the condition, applies the results to the fresh copy, and returns
// (false, nil) on a Conflict so that the backoff tries again. (The
// original wraps errors with golang.org/x/xerrors; fmt.Errorf with %w here.)
package schedulersimulator_storeresult

import (
	"context"
	"time"

	"fmt"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	clientset "k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
	"k8s.io/klog/v2"
)

// RetryWithExponentialBackOff is util.RetryWithExponentialBackOff.
func RetryWithExponentialBackOff(fn wait.ConditionFunc) error {
	backoff := wait.Backoff{
		Duration: 10 * time.Millisecond,
		Factor:   2,
		Jitter:   0.1,
		Steps:    5,
	}
	return wait.ExponentialBackoff(backoff, fn)
}

// ResultStore stores scheduling results that are reflected on the pod.
type ResultStore interface {
	AddStoredResultToPod(pod *corev1.Pod)
	DeleteData(key corev1.Pod)
}

type reflector struct {
	resultStores map[string]ResultStore
}

// ResisterResultSavingToInformer registers the handlers on the pod informer.
func (s *reflector) ResisterResultSavingToInformer(podInformer cache.SharedIndexInformer, client clientset.Interface) error {
	_, err := podInformer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: s.storeAllResultToPodFuncBuggy(client),
	})
	if err != nil {
		return fmt.Errorf("failed to AddEventHandler of Informer: %w", err)
	}
	_, err = podInformer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: s.storeAllResultToPodFuncFixed(client),
	})
	if err != nil {
		return fmt.Errorf("failed to AddEventHandler of Informer: %w", err)
	}
	return nil
}

// storeAllResultToPodFuncBuggy is storeAllResultToPodFunc before the fix.
func (s *reflector) storeAllResultToPodFuncBuggy(client clientset.Interface) func(interface{}, interface{}) {
	return func(_, newObj interface{}) {
		ctx := context.Background()
		pod, ok := newObj.(*corev1.Pod)
		if !ok {
			klog.ErrorS(nil, "Cannot convert to *v1.Pod", "obj", newObj)
			return
		}
		// Make a copy so we don't mutate the object from the informer.
		pod = pod.DeepCopy()

		for k := range s.resultStores {
			s.resultStores[k].AddStoredResultToPod(pod)
		}
		updateFunc := func() (bool, error) {
			_, err := client.CoreV1().Pods(pod.Namespace).Update(ctx, pod, metav1.UpdateOptions{}) // realbug: unretriedupdate
			if err != nil {
				return false, fmt.Errorf("update pod: %w", err)
			}
			return true, nil
		}
		if err := RetryWithExponentialBackOff(updateFunc); err != nil {
			klog.Errorf("failed to update the pod with retry to record store: %+v", err)
			return
		}

		for k := range s.resultStores {
			s.resultStores[k].DeleteData(*pod)
		}
	}
}

// storeAllResultToPodFuncFixed is storeAllResultToPodFunc after the fix.
func (s *reflector) storeAllResultToPodFuncFixed(client clientset.Interface) func(interface{}, interface{}) {
	return func(_, newObj interface{}) {
		ctx := context.Background()
		pod, ok := newObj.(*corev1.Pod)
		if !ok {
			klog.ErrorS(nil, "Cannot convert to *v1.Pod", "obj", newObj)
			return
		}

		updateFunc := func() (bool, error) {
			// Fetch the latest Pod object and apply changes to it.
			newPod, err := client.CoreV1().Pods(pod.Namespace).Get(ctx, pod.Name, metav1.GetOptions{})
			if err != nil {
				return false, fmt.Errorf("get pod: %w", err)
			}
			if newPod.UID != pod.UID {
				return false, fmt.Errorf("pod UID is different: %s != %s", newPod.UID, pod.UID)
			}
			for k := range s.resultStores {
				s.resultStores[k].AddStoredResultToPod(newPod)
			}
			_, err = client.CoreV1().Pods(newPod.Namespace).Update(ctx, newPod, metav1.UpdateOptions{}) // realbug: unretriedupdate fp=strict "a backoff condition that re-reads the pod and returns (false, nil) on IsConflict is a retry, but the project helper over wait.ExponentialBackoff is not taken for a retry scope"
			if err != nil {
				// Retrying conflict errors helps as long as we re-fetch
				// the latest Pod object each time.
				if apierrors.IsConflict(err) {
					return false, nil
				}
				return false, fmt.Errorf("update pod: %w", err)
			}
			return true, nil
		}
		if err := RetryWithExponentialBackOff(updateFunc); err != nil {
			klog.Errorf("failed to update the pod with retry to record store: %+v", err)
			return
		}

		for k := range s.resultStores {
			s.resultStores[k].DeleteData(*pod)
		}
	}
}
