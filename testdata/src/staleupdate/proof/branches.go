package proof

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

// Controller uses a typed clientset.
type Controller struct {
	client kubernetes.Interface
}

// syncEach writes a fresh copy of each item, its spec or its status: no
// copy is written twice.
func (c *Controller) syncEach(ctx context.Context, items []corev1.Pod) {
	for _, item := range items {
		pod := item.DeepCopy()
		pods := c.client.CoreV1().Pods(pod.Namespace)
		if pod.Status.Phase == "" {
			if _, err := pods.Update(ctx, pod, metav1.UpdateOptions{}); err != nil { // ok: the next item is another copy
				log.Printf("pod %s: %v", pod.Name, err)
			}
		} else {
			if _, err := pods.UpdateStatus(ctx, pod, metav1.UpdateOptions{}); err != nil { // ok: the next item is another copy
				log.Printf("pod %s status: %v", pod.Name, err)
			}
		}
	}
}

// syncShared writes one copy made before the loop for every item: a
// failed write is followed by the next item's write of the same copy.
func (c *Controller) syncShared(ctx context.Context, tmpl *corev1.Pod, names []string) {
	pod := tmpl.DeepCopy()
	pods := c.client.CoreV1().Pods(pod.Namespace)
	for _, name := range names {
		pod.Labels = map[string]string{"item": name}
		if _, err := pods.Update(ctx, pod, metav1.UpdateOptions{}); err != nil { // want `pods.Update is retried without re-reading pod, so it conflicts again: re-read pod before each retry`
			log.Printf("pod %s: %v", name, err)
		}
	}
}

// syncEachIndexed takes each item by its index.
func (c *Controller) syncEachIndexed(ctx context.Context, list *corev1.PodList) {
	for i := range list.Items {
		pod := &list.Items[i]
		pods := c.client.CoreV1().Pods(pod.Namespace)
		if pod.Status.Phase == "" {
			if _, err := pods.Update(ctx, pod, metav1.UpdateOptions{}); err != nil { // ok: the next item is another object
				log.Printf("pod %s: %v", pod.Name, err)
			}
		} else {
			if _, err := pods.UpdateStatus(ctx, pod, metav1.UpdateOptions{}); err != nil { // ok: the next item is another object
				log.Printf("pod %s status: %v", pod.Name, err)
			}
		}
	}
}

// syncEachValue copies each item into a variable of the loop body.
func (c *Controller) syncEachValue(ctx context.Context, items []corev1.Pod) {
	for _, item := range items {
		pod := item
		pods := c.client.CoreV1().Pods(pod.Namespace)
		if pod.Status.Phase == "" {
			if _, err := pods.Update(ctx, &pod, metav1.UpdateOptions{}); err != nil { // ok: the next item is another copy
				log.Printf("pod %s: %v", pod.Name, err)
			}
		} else {
			if _, err := pods.UpdateStatus(ctx, &pod, metav1.UpdateOptions{}); err != nil { // ok: the next item is another copy
				log.Printf("pod %s status: %v", pod.Name, err)
			}
		}
	}
}

// syncEachRange writes the range variable itself.
func (c *Controller) syncEachRange(ctx context.Context, items []*corev1.Pod) {
	for _, pod := range items {
		pods := c.client.CoreV1().Pods(pod.Namespace)
		if pod.Status.Phase == "" {
			if _, err := pods.Update(ctx, pod, metav1.UpdateOptions{}); err != nil { // ok: the next item is another object
				log.Printf("pod %s: %v", pod.Name, err)
			}
		} else {
			if _, err := pods.UpdateStatus(ctx, pod, metav1.UpdateOptions{}); err != nil { // ok: the next item is another object
				log.Printf("pod %s status: %v", pod.Name, err)
			}
		}
	}
}
