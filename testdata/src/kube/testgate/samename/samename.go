// Package samename writes an object; its test retries a function of the
// package named like a tabled retry (Poll), handed to the real retry as
// an argument.
package samename

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var (
	c  client.Client
	cm = &corev1.ConfigMap{}
)

// Poll takes no func: a test that names it names no retry by it.
func Poll() error { return c.Update(context.Background(), cm) }
