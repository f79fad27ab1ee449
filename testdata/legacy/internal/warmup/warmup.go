// Package warmup keeps a readiness-gate condition on pods that have loaded
// their caches. It uses the typed clients of client-go v0.17, before
// contexts and options: Update and UpdateStatus take only the object, Get
// takes a name and metav1.GetOptions.
package warmup

import (
	"fmt"

	"github.com/sirupsen/logrus"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	corev1client "k8s.io/client-go/kubernetes/typed/core/v1"
	"k8s.io/client-go/util/retry"
)

// ConditionType is the readiness gate the pods declare.
const ConditionType corev1.PodConditionType = "example.com/warmed-up"

// Marker writes the warm-up condition.
type Marker struct {
	Pods corev1client.PodsGetter
	Log  *logrus.Entry
}

// setCondition sets the warm-up condition of pod in memory.
func setCondition(pod *corev1.Pod, status corev1.ConditionStatus) {
	for i := range pod.Status.Conditions {
		if pod.Status.Conditions[i].Type == ConditionType {
			pod.Status.Conditions[i].Status = status
			return
		}
	}
	pod.Status.Conditions = append(pod.Status.Conditions, corev1.PodCondition{Type: ConditionType, Status: status})
}

// MarkWarm is called by the pod's informer handler, which has no caller to
// return an error to: a Conflict is only logged and the gate stays closed.
func (m *Marker) MarkWarm(pod *corev1.Pod) {
	pod = pod.DeepCopy()
	setCondition(pod, corev1.ConditionTrue)
	if _, err := m.Pods.Pods(pod.Namespace).UpdateStatus(pod); err != nil {
		m.Log.Errorf("marking pod %s/%s warm: %v", pod.Namespace, pod.Name, err)
	}
}

// MarkCold is called from a work queue's sync function, which requeues the
// key when it returns an error.
func (m *Marker) MarkCold(pod *corev1.Pod) error {
	pod = pod.DeepCopy()
	setCondition(pod, corev1.ConditionFalse)
	if _, err := m.Pods.Pods(pod.Namespace).UpdateStatus(pod); err != nil {
		return fmt.Errorf("marking pod %s/%s cold: %w", pod.Namespace, pod.Name, err)
	}
	return nil
}

// Forget clears the warm-up condition when the pod's cache is flushed. It
// logs a failed write through an entry that carries the error, then
// reports success: the work queue never sees the Conflict.
func (m *Marker) Forget(pod *corev1.Pod) error {
	pod = pod.DeepCopy()
	setCondition(pod, corev1.ConditionUnknown)
	if _, err := m.Pods.Pods(pod.Namespace).UpdateStatus(pod); err != nil {
		m.Log.WithError(err).WithField("pod", pod.Name).Error("forgetting warm-up")
	}
	return nil
}

// Reset opens the gate again after a restart, from a one-off goroutine:
// the write is retried on Conflict with a fresh read each time.
func (m *Marker) Reset(namespace, name string) {
	pods := m.Pods.Pods(namespace)
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		pod, err := pods.Get(name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		setCondition(pod, corev1.ConditionFalse)
		_, err = pods.UpdateStatus(pod)
		return err
	})
	if err != nil {
		logrus.WithError(err).Warnf("resetting pod %s/%s", namespace, name)
	}
}

// ResetCached does what Reset does, but with the pod the caller holds: the
// retry writes the same stale copy again and fails the same way.
func (m *Marker) ResetCached(pod *corev1.Pod) error {
	pods := m.Pods.Pods(pod.Namespace)
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		setCondition(pod, corev1.ConditionFalse)
		_, err := pods.UpdateStatus(pod)
		return err
	})
}

// Label labels a warmed-up pod. When that fails, it tries to record why in
// an annotation, writing the object that just failed again.
func (m *Marker) Label(pod *corev1.Pod) error {
	pods := m.Pods.Pods(pod.Namespace)
	pod = pod.DeepCopy()
	if pod.Labels == nil {
		pod.Labels = map[string]string{}
	}
	pod.Labels["example.com/warm"] = "true"
	if _, err := pods.Update(pod); err != nil {
		if pod.Annotations == nil {
			pod.Annotations = map[string]string{}
		}
		pod.Annotations["example.com/warm-error"] = err.Error()
		if _, err := pods.Update(pod); err != nil {
			return err
		}
	}
	return nil
}
