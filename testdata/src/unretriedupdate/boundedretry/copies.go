package boundedretry

import (
	"context"
	"log"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

// labelSelf reads its own Pod on each attempt and writes a copy of it (as
// NGINX's ingress controller labels its Pod with its version): every turn
// sends a fresh resourceVersion, a retry that gives up after maxRetries,
// as RetryOnConflict does.
func labelSelf(ctx context.Context, cs kubernetes.Interface, ns, name string, maxRetries int) {
	updated := false
	for i := 0; i < maxRetries && !updated; i++ {
		if i > 0 {
			time.Sleep(time.Second)
		}
		pod, err := cs.CoreV1().Pods(ns).Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			continue
		}
		newPod := pod.DeepCopy()
		if newPod.Labels == nil {
			newPod.Labels = map[string]string{}
		}
		newPod.Labels["version"] = "v1"
		if _, err := cs.CoreV1().Pods(newPod.Namespace).Update(ctx, newPod, metav1.UpdateOptions{}); err != nil { // ok: the next turn reads again
			log.Printf("label attempt %d: %v", i+1, err)
			continue
		}
		updated = true
	}
}

// labelEach writes a copy of each Pod it reads: the next turn reads
// another Pod, so a failed write is not tried again.
func labelEach(ctx context.Context, cs kubernetes.Interface, ns string, names []string) {
	for _, name := range names {
		pod, err := cs.CoreV1().Pods(ns).Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			continue
		}
		newPod := pod.DeepCopy()
		newPod.Labels["version"] = "v1"
		if _, err := cs.CoreV1().Pods(ns).Update(ctx, newPod, metav1.UpdateOptions{}); err != nil { // want `conflict from Pods\(ns\).Update cannot be returned by labelEach: re-read newPod inside retry.RetryOnConflict; lost for good`
			log.Printf("label %s: %v", name, err)
		}
	}
}
