// Package gocron is a stub of github.com/go-co-op/gocron/v2: a scheduler
// that takes its tasks as `any` and calls them by reflection.
package gocron

import "time"

type task struct {
	function   any
	parameters []any
}

// Task wraps what to run.
type Task func() task

// NewTask wraps function (any Go function) and its parameters.
func NewTask(function any, parameters ...any) Task {
	return func() task { return task{function, parameters} }
}

// JobDefinition says when a job runs.
type JobDefinition interface{ setup() error }

type durationJob struct{ d time.Duration }

func (durationJob) setup() error { return nil }

// DurationJob runs a job every duration.
func DurationJob(duration time.Duration) JobDefinition { return durationJob{duration} }

// JobOption configures a job.
type JobOption func() error

// Job is a scheduled job.
type Job interface{ Name() string }

// Scheduler runs jobs.
type Scheduler interface {
	NewJob(JobDefinition, Task, ...JobOption) (Job, error)
	Start()
}
