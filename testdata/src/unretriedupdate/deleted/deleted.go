// Package deleted drops the failure of a write to an object the same path
// then deletes (volsync's movers: a Job whose backoff limit is reached is
// deleted right after its update, to be made again). The change the write
// carried goes with the object, so nothing is lost. Beside it, a delete of
// another object, a path that drops the failure without deleting, and a
// failed finalizer removal: the delete then leaves the object held.
package deleted

import (
	"context"
	"log"

	batchv1 "k8s.io/api/batch/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Mover struct {
	client client.Client
}

func (m *Mover) ensureJob(ctx context.Context, job *batchv1.Job) (*batchv1.Job, error) {
	_, err := controllerutil.CreateOrUpdate(ctx, m.client, job, func() error { // ok: a failed job is deleted after its update
		job.Spec.Parallelism = nil
		return nil
	})
	if job.Status.Failed >= 2 {
		log.Print("deleting job -- backoff limit reached")
		err = m.client.Delete(ctx, job)
		return nil, err
	}
	if err != nil {
		return nil, err
	}
	return job, nil
}

func (m *Mover) cleanupOther(ctx context.Context, key client.ObjectKey, previous *batchv1.Job) error {
	job := &batchv1.Job{}
	if err := m.client.Get(ctx, key, job); err != nil {
		return err
	}
	job.Spec.Parallelism = nil
	if err := m.client.Update(ctx, job); err != nil { // want `conflict from m.client.Update is only logged: re-read job inside retry.RetryOnConflict; lost for good`
		log.Printf("update: %v", err)
	}
	return m.client.Delete(ctx, previous)
}

func (m *Mover) deleteSometimes(ctx context.Context, key client.ObjectKey, done bool) error {
	job := &batchv1.Job{}
	if err := m.client.Get(ctx, key, job); err != nil {
		return err
	}
	job.Spec.Parallelism = nil
	if err := m.client.Update(ctx, job); err != nil { // want `conflict from m.client.Update is only logged: re-read job inside retry.RetryOnConflict; lost for good`
		log.Printf("update: %v", err)
	}
	if done {
		return m.client.Delete(ctx, job)
	}
	return nil
}

func (m *Mover) release(ctx context.Context, job *batchv1.Job) error {
	controllerutil.RemoveFinalizer(job, "example.com/cleanup")
	if err := m.client.Update(ctx, job); err != nil { // want `conflict from m.client.Update is only logged: re-read job after a conflict in retry.RetryOnConflict; lost for good`
		log.Printf("finalizer: %v", err)
	}
	return m.client.Delete(ctx, job)
}
