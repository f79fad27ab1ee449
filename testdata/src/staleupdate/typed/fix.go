package typed

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	corelisters "k8s.io/client-go/listers/core/v1"
)

func (c *Controller) relabel(ctx context.Context, ns, name string) error {
	cm, err := c.client.CoreV1().ConfigMaps(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	cm.Labels = map[string]string{"a": "b"}
	_, err = c.client.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{})
	if err != nil {
		return err
	}
	cm.Annotations = map[string]string{"done": "true"}
	_, err = c.client.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}) // want `cm is written again after .* succeeded`
	return err
}

func (c *Controller) relabelLogsName(ctx context.Context, ns, name string) error {
	cm, err := c.client.CoreV1().ConfigMaps(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	_, err = c.client.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{})
	if err != nil {
		log.Printf("updating %s failed", cm.Name) // cm is used where the Update failed: the result goes into a new variable
		return err
	}
	cm.Annotations = map[string]string{"done": "true"}
	_, err = c.client.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}) // want `cm is written again after .* succeeded`
	return err
}

func (c *Controller) relabelAliased(ctx context.Context, ns, name string) error {
	cm, err := c.client.CoreV1().ConfigMaps(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	labels := cm.Labels // no fix: an alias into the old object
	_, err = c.client.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{})
	if err != nil {
		return err
	}
	labels["late"] = "true"
	_, err = c.client.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}) // want `cm is written again after .* succeeded`
	return err
}

// A hand-rolled retry loop of a typed client gets no fix: a re-read that
// returns when the Get fails would end the loop where it went on.
func (c *Controller) retryLoop(ctx context.Context, ns, name, owner string) error {
	cms := c.client.CoreV1().ConfigMaps(ns)
	cm, err := cms.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		cm.Data["owner"] = owner
		if _, err = cms.Update(ctx, cm, metav1.UpdateOptions{}); err == nil { // want `cms.Update is retried without re-reading cm, so it conflicts again: re-read cm before each retry`
			break
		}
		log.Printf("retrying")
	}
	return err
}

// The object comes from the informer cache: copying the stored object over
// it would change the cache, so the finding has no fix.
func (c *Controller) relabelCached(ctx context.Context, lister corelisters.ConfigMapLister, ns, name string) error {
	cm, err := lister.ConfigMaps(ns).Get(name)
	if err != nil {
		return err
	}
	if _, err := c.client.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		return err
	}
	_, err = c.client.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}) // want `cm is written again after .* succeeded`
	return err
}

// The status set before the first write is meant for the status write:
// the object Update returns holds the stored status, so keeping it would
// drop that change. No fix.
func (c *Controller) specThenStatus(ctx context.Context, pod *corev1.Pod) error {
	pod.Status.Phase = corev1.PodRunning
	pods := c.client.CoreV1().Pods(pod.Namespace)
	if _, err := pods.Update(ctx, pod, metav1.UpdateOptions{}); err != nil {
		return err
	}
	if _, err := pods.UpdateStatus(ctx, pod, metav1.UpdateOptions{}); err != nil { // want `pod is written again after .* succeeded`
		return err
	}
	return nil
}

// Read here, but its status is changed before the Update, which does not
// store it: the returned object would drop that change. No fix.
func (c *Controller) readThenStatus(ctx context.Context, ns, name string) error {
	pod, err := c.client.CoreV1().Pods(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	pod.Status.Phase = corev1.PodRunning
	if _, err := c.client.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{}); err != nil {
		return err
	}
	if _, err := c.client.CoreV1().Pods(ns).UpdateStatus(ctx, pod, metav1.UpdateOptions{}); err != nil { // want `pod is written again after .* succeeded`
		return err
	}
	return nil
}
