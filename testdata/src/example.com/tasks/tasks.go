// Package tasks is a reduction of a project's task framework (tidb-operator's
// pkg/utils/task/v3): a task returns a Result whose status the runner turns
// into the Reconcile's error or requeue.
package tasks

import (
	"context"
	"fmt"
)

// Status is a task's outcome.
type Status int

const (
	SComplete Status = iota
	SFail
)

// Result is what a task returns.
type Result interface{ Status() Status }

// WithMessage sets a result's message.
type WithMessage interface {
	With(format string, args ...any) Result
}

type result struct {
	status  Status
	message string
}

func (r *result) Status() Status { return r.status }

func (r *result) With(format string, args ...any) Result {
	r.message = fmt.Sprintf(format, args...)
	return r
}

// Fail fails the task: the runner returns an error, and the request is requeued.
func Fail() WithMessage { return &result{status: SFail} }

// Complete completes the task.
func Complete() WithMessage { return &result{status: SComplete} }

// Task is one step of a reconcile.
type Task interface {
	Run(ctx context.Context) Result
}

type funcTask struct {
	name string
	f    func(context.Context) Result
}

func (t *funcTask) Run(ctx context.Context) Result { return t.f(ctx) }

// NameTaskFunc makes a task of f.
func NameTaskFunc(name string, f func(context.Context) Result) Task {
	return &funcTask{name: name, f: f}
}

// Run runs the tasks in order and returns an error at the first that fails.
func Run(ctx context.Context, ts ...Task) error {
	for _, t := range ts {
		if t.Run(ctx).Status() == SFail {
			return fmt.Errorf("task failed")
		}
	}
	return nil
}
