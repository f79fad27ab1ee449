package shapes

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// SetOwner records the owner of a ConfigMap. A one-shot command runs it;
// nobody retries what it leaves undone.
func SetOwner(ctx context.Context, c client.Client, key client.ObjectKey, owner string) {
	var cm corev1.ConfigMap
	if err := c.Get(ctx, key, &cm); err != nil {
		log.Printf("reading %s: %v", key, err)
		return
	}
	cm.Data["owner"] = owner
	if err := c.Update(ctx, &cm); err != nil {
		log.Printf("setting the owner of %s: %v", key, err)
	}
}
