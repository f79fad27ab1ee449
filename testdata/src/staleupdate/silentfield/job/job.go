// Package job holds what every executor is built around, in a package of
// its own (k8up's operator/job): its condition setters write the object
// the receiver holds and only log a failure.
package job

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Config is what every executor is built around.
type Config struct {
	Client client.Client
	Obj    *corev1.ConfigMap
}

// SetConditionTrue records a condition on the object.
func (c *Config) SetConditionTrue(ctx context.Context, cond string) {
	c.patchConditions(ctx, cond, "True")
}

func (c *Config) patchConditions(ctx context.Context, cond, status string) {
	c.Obj.Annotations[cond] = status
	if err := c.Client.Update(ctx, c.Obj); err != nil {
		log.Printf("could not patch status condition: %v", err)
	}
}
