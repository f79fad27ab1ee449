package shapes

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// EnsureMode makes sure cm holds the strict mode, from a one-shot command.
func EnsureMode(ctx context.Context, c client.Client, cm *corev1.ConfigMap) {
	op, err := controllerutil.CreateOrUpdate(ctx, c, cm, func() error {
		if cm.Data == nil {
			cm.Data = map[string]string{}
		}
		cm.Data["mode"] = "strict"
		return nil
	})
	if err != nil {
		log.Printf("ensuring the mode of %s: %v", cm.Name, err)
		return
	}
	log.Printf("mode of %s: %s", cm.Name, op)
}
