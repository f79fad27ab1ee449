// Package steps holds reconcile steps that answer with outcome.Result
// values; the controller that runs them is in another package, so what
// it knows of them comes from facts.
package steps

import (
	"context"
	"errors"

	"valueflow/outcome"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Steps struct {
	client.Client
	CM *corev1.ConfigMap
}

// setPhase returns its write's failure.
func (s *Steps) setPhase(ctx context.Context, phase string) error {
	s.CM.Data["phase"] = phase
	return s.Status().Update(ctx, s.CM)
}

// CheckScale hands the failure on inside its result value.
func (s *Steps) CheckScale(ctx context.Context) outcome.Result {
	if err := s.setPhase(ctx, "scaling"); err != nil { // ok: returned inside outcome.Error
		return outcome.Error(err)
	}
	return outcome.Continue()
}

// CheckLabels keeps the value and returns it later.
func (s *Steps) CheckLabels(ctx context.Context) outcome.Result {
	res := outcome.Continue()
	if err := s.setPhase(ctx, "labelling"); err != nil { // ok: held in res, which is returned
		res = outcome.Error(err)
	}
	return res
}

// CheckOwner builds the value and drops it: the loss is here.
func (s *Steps) CheckOwner(ctx context.Context) outcome.Result {
	if err := s.setPhase(ctx, "owning"); err != nil { // want `conflict from s.setPhase is swallowed: return it, or re-read the object inside retry.RetryOnConflict`
		_ = outcome.Error(err)
	}
	return outcome.Continue()
}

// Register drops its own write's failure and returns another error: the
// drop is here, and Register hands no Conflict to its callers.
func (s *Steps) Register(ctx context.Context) error {
	s.Update(ctx, s.CM) // want `conflict from s.Update is dropped: return it, or re-read s.CM inside retry.RetryOnConflict`
	if s.CM.Name == "" {
		return errors.New("no name")
	}
	return nil
}
