// Package helpers holds stale writes made through a helper of the package
// that writes the object it is given.
package helpers

import (
	"context"
	"log"
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
		if err := saveConfig(ctx, k, cm); err != nil { // want `saveConfig\(ctx, k, cm\) is retried after it failed, without re-reading cm`
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
