// Package runners hands function literals that return a write's failure
// to code of other packages that runs them. A runner that takes the
// function as an interface value (a scheduler calling its task by
// reflection) makes no promise to act on the error, so the failure is lost
// there; one whose parameter is a function with an error result
// (errgroup, wait) returns it, and a test framework fails the test.
package runners

import (
	"context"
	"time"

	"github.com/go-co-op/gocron/v2"
	"github.com/onsi/ginkgo/v2"
	"go.uber.org/mock/gomock"
	"golang.org/x/sync/errgroup"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"unretriedupdate/runners/relabel"
)

// Schedule runs the relabel every minute: gocron calls the task by
// reflection, and nothing acts on the error it returns.
func Schedule(ctx context.Context, s gocron.Scheduler, c client.Client, cm *corev1.ConfigMap) error {
	_, err := s.NewJob(gocron.DurationJob(time.Minute), gocron.NewTask(func() error {
		return relabel.Mark(ctx, c, cm) // want `conflict from relabel.Mark is returned to gocron.NewTask, which may ignore it: re-read cm inside retry.RetryOnConflict`
	}))
	return err
}

// ScheduleWrite writes in the task itself.
func ScheduleWrite(ctx context.Context, s gocron.Scheduler, c client.Client, cm *corev1.ConfigMap) error {
	_, err := s.NewJob(gocron.DurationJob(time.Minute), gocron.NewTask(func() error {
		cm.Labels = map[string]string{"scheduled": "true"}
		return c.Update(ctx, cm) // want `conflict from c.Update is returned to gocron.NewTask, which may ignore it: re-read cm inside retry.RetryOnConflict`
	}))
	return err
}

// ScheduleBound binds the task to a variable first.
func ScheduleBound(ctx context.Context, s gocron.Scheduler, c client.Client, cm *corev1.ConfigMap) error {
	mark := func() error {
		return relabel.Mark(ctx, c, cm) // want `conflict from relabel.Mark is returned to gocron.NewTask, which may ignore it: re-read cm inside retry.RetryOnConflict`
	}
	_, err := s.NewJob(gocron.DurationJob(time.Minute), gocron.NewTask(mark))
	return err
}

// ScheduleRetried retries inside the task: nothing is left for the
// scheduler to lose.
func ScheduleRetried(ctx context.Context, s gocron.Scheduler, c client.Client, key client.ObjectKey) error {
	_, err := s.NewJob(gocron.DurationJob(time.Minute), gocron.NewTask(func() error {
		for {
			var cm corev1.ConfigMap
			if err := c.Get(ctx, key, &cm); err != nil {
				return err
			}
			if err := relabel.Mark(ctx, c, &cm); err == nil { // ok: a loop that re-reads writes again
				return nil
			}
		}
	}))
	return err
}

// FanOut returns every relabel's failure through the group's Wait.
func FanOut(ctx context.Context, c client.Client, cms []*corev1.ConfigMap) error {
	var g errgroup.Group
	for _, cm := range cms {
		g.Go(func() error {
			return relabel.Mark(ctx, c, cm) // ok: errgroup's Go takes a func() error and Wait returns it
		})
	}
	return g.Wait()
}

// Cleanup relabels after an e2e spec: ginkgo fails the spec on the error.
func Cleanup(ctx context.Context, c client.Client, cm *corev1.ConfigMap) {
	ginkgo.DeferCleanup(func() error {
		return relabel.Mark(ctx, c, cm) // ok: a failed cleanup fails the spec
	})
}

// run is this package's own runner: in view, and it returns the error.
func run(f any) error {
	if fn, ok := f.(func() error); ok {
		return fn()
	}
	return nil
}

// Local hands the task to a runner of the same package.
func Local(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return run(func() error {
		return relabel.Mark(ctx, c, cm) // ok: a runner of this package is not opaque
	})
}

// Generic hands the task to a generic runner of another package: its
// type parameter is instantiated with the literal's own type.
func Generic(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return relabel.Run(func() error {
		return relabel.Mark(ctx, c, cm) // ok: returned through the runner's typed result
	})
}

// Fake answers a mocked call with a real write: gomock returns the
// function's error to the mock's caller.
func Fake(ctx context.Context, call *gomock.Call, c client.Client, cm *corev1.ConfigMap) {
	call.DoAndReturn(func() error {
		return relabel.Mark(ctx, c, cm) // ok: the mocked call returns it
	})
}
