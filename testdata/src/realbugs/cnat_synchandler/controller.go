// Package cnat_synchandler reduces a bug fixed in programming-kubernetes/cnat,
// the sample controllers of the book "Programming Kubernetes".
//
//	repo:     https://github.com/programming-kubernetes/cnat
//	fix:      https://github.com/programming-kubernetes/cnat/pull/7 (commit 1834366c25d3cf22863cf88380155f6f2f8c0b13; issue 6)
//	file:     cnat-client-go/controller.go
//	function: (*Controller).syncHandler
//
// The client-go controller took the At resource from its lister and set
// its status phase (Pending, Running, Done) on that object before writing
// it with UpdateStatus, so every sync changed the object the informer's
// cache owns: other readers saw a phase the API server never stored, and
// the next sync compared against it. The fix works on a DeepCopy of the
// lister's object and writes only when the copy differs from it.
package cnat_synchandler

import (
	"fmt"
	"reflect"
	"time"

	kubernetes "example.com/legacy/client-go/kubernetes"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/client-go/tools/cache"
	"k8s.io/klog/v2"
)

const (
	PhasePending = "PENDING"
	PhaseRunning = "RUNNING"
	PhaseDone    = "DONE"
)

type AtSpec struct {
	Schedule string
	Command  string
}

type AtStatus struct {
	Phase string
}

type At struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   AtSpec
	Status AtStatus
}

func (in *At) DeepCopyInto(out *At) { *out = *in }

func (in *At) DeepCopy() *At {
	if in == nil {
		return nil
	}
	out := new(At)
	in.DeepCopyInto(out)
	return out
}

func (in *At) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// AtNamespaceLister and AtLister have the generated lister's shape.
type AtNamespaceLister interface {
	Get(name string) (*At, error)
}

type AtLister interface {
	Ats(namespace string) AtNamespaceLister
}

// AtInterface is the generated typed client of 2019 (client-go before
// v0.18: no context, no options).
type AtInterface interface {
	UpdateStatus(*At) (*At, error)
}

type CnatV1alpha1Interface interface {
	Ats(namespace string) AtInterface
}

type CnatClientset interface {
	CnatV1alpha1() CnatV1alpha1Interface
}

type Controller struct {
	kubeClientset kubernetes.Interface
	cnatClientset CnatClientset
	atLister      AtLister
}

func timeUntilSchedule(schedule string) (time.Duration, error) {
	s, err := time.Parse(time.RFC3339, schedule)
	if err != nil {
		return time.Duration(0), err
	}
	return time.Until(s), nil
}

func newPodForCR(cr *At) *corev1.Pod {
	return &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: cr.Name + "-pod", Namespace: cr.Namespace}}
}

// syncHandlerBuggy is syncHandler before the fix.
func (c *Controller) syncHandlerBuggy(key string) (time.Duration, error) {
	namespace, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		utilruntime.HandleError(fmt.Errorf("invalid resource key: %s", key))
		return time.Duration(0), nil
	}

	instance, err := c.atLister.Ats(namespace).Get(name)
	if err != nil {
		if errors.IsNotFound(err) {
			utilruntime.HandleError(fmt.Errorf("at '%s' in work queue no longer exists", key))
			return time.Duration(0), nil
		}
		return time.Duration(0), err
	}

	if instance.Status.Phase == "" {
		instance.Status.Phase = PhasePending // realbug: listermutation
	}

	switch instance.Status.Phase {
	case PhasePending:
		d, err := timeUntilSchedule(instance.Spec.Schedule)
		if err != nil {
			utilruntime.HandleError(fmt.Errorf("schedule parsing failed: %v", err))
			return time.Duration(0), err
		}
		if d > 0 {
			return d, nil
		}
		klog.Infof("instance %s: it's time! Ready to execute: %s", key, instance.Spec.Command)
		instance.Status.Phase = PhaseRunning
	case PhaseRunning:
		pod := newPodForCR(instance)
		found, err := c.kubeClientset.CoreV1().Pods(pod.Namespace).Get(pod.Name, metav1.GetOptions{})
		if err != nil && errors.IsNotFound(err) {
			if _, err = c.kubeClientset.CoreV1().Pods(pod.Namespace).Create(pod); err != nil {
				return time.Duration(0), err
			}
			klog.Infof("instance %s: pod launched: name=%s", key, pod.Name)
		} else if err != nil {
			return time.Duration(0), err
		} else if found.Status.Phase == corev1.PodFailed || found.Status.Phase == corev1.PodSucceeded {
			instance.Status.Phase = PhaseDone
		} else {
			return time.Duration(0), nil
		}
	case PhaseDone:
		return time.Duration(0), nil
	default:
		return time.Duration(0), nil
	}

	_, err = c.cnatClientset.CnatV1alpha1().Ats(instance.Namespace).UpdateStatus(instance)
	if err != nil {
		return time.Duration(0), err
	}
	return time.Duration(0), nil
}

// syncHandlerFixed is syncHandler after the fix.
func (c *Controller) syncHandlerFixed(key string) (time.Duration, error) {
	namespace, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		utilruntime.HandleError(fmt.Errorf("invalid resource key: %s", key))
		return time.Duration(0), nil
	}

	original, err := c.atLister.Ats(namespace).Get(name)
	if err != nil {
		if errors.IsNotFound(err) {
			utilruntime.HandleError(fmt.Errorf("at '%s' in work queue no longer exists", key))
			return time.Duration(0), nil
		}
		return time.Duration(0), err
	}

	// Clone because the original object is owned by the lister.
	instance := original.DeepCopy()

	if instance.Status.Phase == "" {
		instance.Status.Phase = PhasePending
	}

	switch instance.Status.Phase {
	case PhasePending:
		d, err := timeUntilSchedule(instance.Spec.Schedule)
		if err != nil {
			utilruntime.HandleError(fmt.Errorf("schedule parsing failed: %v", err))
			return time.Duration(0), err
		}
		if d > 0 {
			return d, nil
		}
		klog.Infof("instance %s: it's time! Ready to execute: %s", key, instance.Spec.Command)
		instance.Status.Phase = PhaseRunning
	case PhaseRunning:
		pod := newPodForCR(instance)
		found, err := c.kubeClientset.CoreV1().Pods(pod.Namespace).Get(pod.Name, metav1.GetOptions{})
		if err != nil && errors.IsNotFound(err) {
			if _, err = c.kubeClientset.CoreV1().Pods(pod.Namespace).Create(pod); err != nil {
				return time.Duration(0), err
			}
			klog.Infof("instance %s: pod launched: name=%s", key, pod.Name)
		} else if err != nil {
			return time.Duration(0), err
		} else if found.Status.Phase == corev1.PodFailed || found.Status.Phase == corev1.PodSucceeded {
			instance.Status.Phase = PhaseDone
		} else {
			return time.Duration(0), nil
		}
	case PhaseDone:
		return time.Duration(0), nil
	default:
		return time.Duration(0), nil
	}

	if !reflect.DeepEqual(original, instance) {
		_, err = c.cnatClientset.CnatV1alpha1().Ats(instance.Namespace).UpdateStatus(instance)
		if err != nil {
			return time.Duration(0), err
		}
	}
	return time.Duration(0), nil
}
