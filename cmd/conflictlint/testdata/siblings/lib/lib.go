// Package lib builds the objects package app writes.
package lib

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// DesiredConfigMap builds a ConfigMap without a resourceVersion.
func DesiredConfigMap(name string) *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "ns"}}
}

// Relabel drops a Conflict; it is not in the run's patterns.
func Relabel(ctx context.Context, c client.Client, cm *corev1.ConfigMap) {
	cm.Labels = map[string]string{"a": "b"}
	if err := c.Update(ctx, cm); err != nil {
		log.Print(err)
	}
}
