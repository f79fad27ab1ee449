// Package status sets conditions on a ConfigMap's status the way a backup
// operator's context helper does: each setter writes the object it is
// handed and only logs the write's failure, so its caller cannot know the
// object is left with a version the server refused.
package status

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Context struct {
	Client client.Client
}

// SetRunning marks the object running.
func (c *Context) SetRunning(ctx context.Context, obj *corev1.ConfigMap) {
	c.setCondition(ctx, obj, "Running")
}

// SetDone marks the object done.
func (c *Context) SetDone(ctx context.Context, obj *corev1.ConfigMap) {
	c.setCondition(ctx, obj, "Done")
}

func (c *Context) setCondition(ctx context.Context, obj *corev1.ConfigMap, cond string) {
	obj.Annotations = map[string]string{"condition": cond}
	if err := c.Client.Status().Update(ctx, obj); err != nil {
		log.Printf("status: %v", err)
	}
}

// SetChecked returns the write's failure: its caller decides.
func (c *Context) SetChecked(ctx context.Context, obj *corev1.ConfigMap) error {
	obj.Annotations = map[string]string{"condition": "Checked"}
	return c.Client.Status().Update(ctx, obj)
}

// SetVerified writes the object and only logs the write's failure, then
// returns the error of another step: its caller cannot know the write
// failed.
func (c *Context) SetVerified(ctx context.Context, obj *corev1.ConfigMap, secret *corev1.Secret) error {
	c.setCondition(ctx, obj, "Verified")
	return c.Client.Get(ctx, client.ObjectKeyFromObject(secret), secret)
}

// SetScoped marks whichever of its two objects it is given, as a helper
// for a cluster-scoped kind and its namespaced twin does: it writes both
// parameters, and only logs either write's failure.
func (c *Context) SetScoped(ctx context.Context, cluster, namespaced *corev1.ConfigMap, cond string) {
	if cluster != nil {
		c.setCondition(ctx, cluster, cond)
	} else if namespaced != nil {
		c.setCondition(ctx, namespaced, cond)
	}
}
