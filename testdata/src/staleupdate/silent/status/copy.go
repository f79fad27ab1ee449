package status

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
)

// SetCopy writes a copy: the caller's object is left as it was.
func (c *Context) SetCopy(ctx context.Context, obj *corev1.ConfigMap) {
	cp := obj.DeepCopy()
	cp.Annotations = map[string]string{"condition": "Copied"}
	if err := c.Client.Status().Update(ctx, cp); err != nil {
		log.Printf("status: %v", err)
	}
}
