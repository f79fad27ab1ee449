// Package helpers holds stale writes made through a helper of the package
// that writes the object it is given.
package helpers

import (
	"context"
	"log"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

// saveConfig writes cm and returns the write's error.
func saveConfig(ctx context.Context, k kubernetes.Interface, cm *corev1.ConfigMap) error {
	_, err := k.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{})
	return err
}

func saveWithRetries(ctx context.Context, k kubernetes.Interface, cm *corev1.ConfigMap) error {
	for attempt := 0; attempt < 5; attempt++ {
		if err := saveConfig(ctx, k, cm); err != nil { // want `saveConfig is retried without re-reading cm, so it conflicts again: re-read cm before each retry`
			log.Printf("will retry: %v", err)
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return nil
}

func saveWithRereads(ctx context.Context, k kubernetes.Interface, name string) error {
	for attempt := 0; attempt < 5; attempt++ {
		cm, err := k.CoreV1().ConfigMaps("ns").Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		cm.Data = map[string]string{"a": "b"}
		if err := saveConfig(ctx, k, cm); err != nil { // ok: re-read on every attempt
			continue
		}
		return nil
	}
	return nil
}

// upgradeThenStatus falls back to another write only for a failure whose
// message no Conflict carries: the object is not stale there. The status
// write after the typed Update is, since Update leaves pod at its old
// resourceVersion.
func upgradeThenStatus(ctx context.Context, k kubernetes.Interface, pod *corev1.Pod) error {
	_, err := k.CoreV1().Pods("ns").UpdateStatus(ctx, pod, metav1.UpdateOptions{})
	if err != nil && strings.Contains(err.Error(), "example.com/v1alpha1") {
		if _, err := k.CoreV1().Pods("ns").Update(ctx, pod, metav1.UpdateOptions{}); err != nil { // ok: the first write failed with another error than a Conflict
			return err
		}
		_, err = k.CoreV1().Pods("ns").UpdateStatus(ctx, pod, metav1.UpdateOptions{}) // want `pod is written again after Pods\("ns"\).Update succeeded, without a re-read, so it conflicts: keep the object Update returns, or re-read pod first`
		return err
	}
	return err
}

// newPodFixture stands for a fixture of another package: the model cannot
// see that it builds the pod without a resourceVersion.
var newPodFixture = func() *corev1.Pod { return nil }
