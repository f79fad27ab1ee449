// Package cli runs workflow operations from cobra commands, through the
// workflow.Operator interface whose only implementation in view
// (package operation) writes: a Conflict of Resume ends the command.
package cli

import (
	"context"

	"github.com/spf13/cobra"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"crosspkg/operation"
	"crosspkg/workflow"
)

type args struct{ operator workflow.Operator }

// NewResume resumes the workflow; its Conflict exits the command.
func NewResume(c client.Client, key client.ObjectKey) *cobra.Command {
	a := args{operator: operation.New(c, key)}
	return &cobra.Command{
		Use: "resume",
		RunE: func(_ *cobra.Command, _ []string) error {
			return a.operator.Resume(context.Background()) // want `conflict from a.operator.Resume is returned from a cobra command, which exits: re-read the object inside retry.RetryOnConflict; reported by exit status$`
		},
	}
}

// NewSuspend suspends it: no implementation in view writes.
func NewSuspend(c client.Client, key client.ObjectKey) *cobra.Command {
	a := args{operator: operation.New(c, key)}
	return &cobra.Command{
		Use: "suspend",
		RunE: func(_ *cobra.Command, _ []string) error {
			return a.operator.Suspend(context.Background()) // ok: Suspend writes nothing
		},
	}
}

// NewStep runs a step through an interface that one implementation in
// view (the dry run) implements without writing: no finding.
func NewStep(c client.Client, key client.ObjectKey, dryRun bool) *cobra.Command {
	s := operation.NewStepper(c, key, dryRun)
	return &cobra.Command{
		Use: "step",
		RunE: func(_ *cobra.Command, _ []string) error {
			return s.Step(context.Background()) // ok: the dry run writes nothing
		},
	}
}
