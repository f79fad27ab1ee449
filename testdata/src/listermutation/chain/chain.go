// Package chain changes a lister's Pod four calls down from the call that
// hands it over: the finding names the helper that makes the change and
// points at the statement (TestChangeSite).
package chain

import (
	corev1 "k8s.io/api/core/v1"
	corelisters "k8s.io/client-go/listers/core/v1"
)

type Controller struct {
	pods corelisters.PodLister
}

func (c *Controller) handle(ns, name string) error {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	c.sync(pod) // want `c.sync changes pod in the informer cache, in pinImages: every reader sees a change the server never got; DeepCopy pod`
	return nil
}

func (c *Controller) sync(pod *corev1.Pod) { c.normalize(pod) }

func (c *Controller) normalize(pod *corev1.Pod) { defaults(&pod.Spec) }

func defaults(spec *corev1.PodSpec) { pinImages(spec) }

func pinImages(spec *corev1.PodSpec) {
	for i := range spec.Containers {
		spec.Containers[i].Image = spec.Containers[i].Image + "@pinned"
	}
}

func (c *Controller) direct(ns, name string) {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return
	}
	relabel(pod) // want `relabel changes pod in the informer cache: every reader sees a change the server never got; DeepCopy pod`
}

func relabel(pod *corev1.Pod) {
	pod.Labels["seen"] = "true"
}
