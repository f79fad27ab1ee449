// Package operation implements workflow.Operator on a ConfigMap: Resume
// writes the object it reads and returns the write's error; Suspend does
// not write.
package operation

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"crosspkg/workflow"
)

type appOperator struct {
	c   client.Client
	key client.ObjectKey
}

// New returns the operator of the ConfigMap key.
func New(c client.Client, key client.ObjectKey) workflow.Operator {
	return appOperator{c: c, key: key}
}

func (o appOperator) Resume(ctx context.Context) error {
	var cm corev1.ConfigMap
	if err := o.c.Get(ctx, o.key, &cm); err != nil {
		return err
	}
	cm.Data = map[string]string{"suspend": "false"}
	return o.c.Update(ctx, &cm)
}

func (o appOperator) Suspend(ctx context.Context) error { return nil }

// NewStepper returns the stepper of key, or one that only pretends.
func NewStepper(c client.Client, key client.ObjectKey, dryRun bool) workflow.Stepper {
	if dryRun {
		return dryStepper{}
	}
	return &stepper{appOperator{c: c, key: key}}
}

type stepper struct{ appOperator }

func (s *stepper) Step(ctx context.Context) error { return s.Resume(ctx) }

type dryStepper struct{}

func (dryStepper) Step(ctx context.Context) error { return nil }
