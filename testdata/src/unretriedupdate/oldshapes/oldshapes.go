// Package oldshapes checks the typed write shapes of old and generic
// clients, and look-alike methods that are not Kubernetes writes.
package oldshapes

import (
	"context"

	"example.com/genericctl"
	"example.com/oldclient"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/klog/v2"
)

func oldClient(pods oldclient.PodInterface, name string) {
	pod, err := pods.Get(name, metav1.GetOptions{})
	if err != nil {
		return
	}
	pod.Labels = map[string]string{"a": "b"}
	if _, err := pods.Update(pod); err != nil { // want `conflict from pods.Update cannot be returned by oldClient: requeue the object, or re-read pod inside retry.RetryOnConflict`
		klog.Errorf("update %s: %v", name, err)
	}
	if _, err := pods.UpdateStatus(pod); err != nil { // want `conflict from pods.UpdateStatus cannot be returned by oldClient: requeue the object, or re-read pod inside retry.RetryOnConflict`
		klog.Errorf("status %s: %v", name, err)
	}
}

func genericController(pods genericctl.ClientInterface[*corev1.Pod], ns, name string) {
	pod, err := pods.Get(ns, name, metav1.GetOptions{})
	if err != nil {
		return
	}
	pod.Labels = map[string]string{"a": "b"}
	if _, err := pods.Update(pod); err != nil { // want `conflict from pods.Update cannot be returned by genericController: requeue the object, or re-read pod inside retry.RetryOnConflict`
		klog.Errorf("update %s: %v", name, err)
	}
}

// podStore is an in-memory store with a look-alike method: no Get with
// GetOptions, no rest client.
type podStore struct{ pods map[string]*corev1.Pod }

func (s *podStore) Update(pod *corev1.Pod) (*corev1.Pod, error) {
	s.pods[pod.Name] = pod
	return pod, nil
}

// memCache holds pods in memory and has the typed client's full shape.
type memCache struct{ pods map[string]*corev1.Pod }

func (c *memCache) Update(ctx context.Context, pod *corev1.Pod, opts metav1.UpdateOptions) (*corev1.Pod, error) {
	return pod, nil
}

// record is not a Kubernetes object.
type record struct{ Name string }

type recordClient interface {
	Get(name string, options metav1.GetOptions) (*record, error)
	Update(r *record) (*record, error)
}

func lookAlikes(ctx context.Context, s *podStore, c *memCache, rc recordClient, pod *corev1.Pod) {
	s.Update(pod)                              // ok: an in-memory store, not a client
	c.Update(ctx, pod, metav1.UpdateOptions{}) // ok: a concrete type that holds no rest client
	rc.Update(&record{Name: "x"})              // ok: not a Kubernetes object
}
