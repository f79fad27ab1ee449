// Package workflow declares the operations a command runs on a workflow,
// as an interface its callers hold (kubevela's WorkflowOperator, declared
// in a library module and implemented in the application's own package).
package workflow

import "context"

// Operator suspends and resumes a workflow.
type Operator interface {
	Suspend(ctx context.Context) error
	Resume(ctx context.Context) error
}

// Stepper runs one step; a dry-run implementation writes nothing.
type Stepper interface {
	Step(ctx context.Context) error
}
