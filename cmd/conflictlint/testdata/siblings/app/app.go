// Package app writes what package lib builds.
package app

import (
	"context"
	"log"

	"example.com/lib"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func apply(ctx context.Context, c client.Client) {
	cm := lib.DesiredConfigMap("a")
	if err := c.Update(ctx, cm); err != nil { // built without a resourceVersion: cannot conflict
		log.Print(err)
	}
}

func stale(ctx context.Context, c client.Client, cm *corev1.ConfigMap) {
	if err := c.Update(ctx, cm); err != nil {
		log.Print(err)
	}
}
