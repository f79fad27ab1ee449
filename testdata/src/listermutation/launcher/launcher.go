// Package launcher reduces the launcher Job sync of Kubeflow's
// mpi-operator v0.8.0 (pkg/controller/mpi_job_controller.go): syncHandler
// changes the Job that getLauncherJob returns from the Job lister, and
// creates the Job when the lister has none, so the variable holds the
// lister's object on one path and the created Job on the other.
package launcher

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	"k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/kubernetes"
	batchlisters "k8s.io/client-go/listers/batch/v1"
)

type Controller struct {
	kubeClient kubernetes.Interface
	jobLister  batchlisters.JobLister
}

func newLauncherJob(ns, name string) *batchv1.Job {
	return &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name + "-launcher"}}
}

func isJobSuspended(job *batchv1.Job) bool { return job.Spec.Suspend != nil && *job.Spec.Suspend }

// getLauncherJob returns the lister's Job, or nil when there is none.
func (c *Controller) getLauncherJob(ns, name string) (*batchv1.Job, error) {
	launcher, err := c.jobLister.Jobs(ns).Get(name + "-launcher")
	if errors.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return launcher, nil
}

// syncHandler is the shape of mpi-operator's: both misses at once.
func (c *Controller) syncHandler(ctx context.Context, ns, name string, suspend bool) error {
	launcher, err := c.getLauncherJob(ns, name)
	if err != nil {
		return err
	}
	if launcher == nil {
		launcher, err = c.kubeClient.BatchV1().Jobs(ns).Create(ctx, newLauncherJob(ns, name), metav1.CreateOptions{})
		if err != nil {
			return err
		}
	}
	if isJobSuspended(launcher) != suspend {
		launcher.Spec.Suspend = &suspend // want `assigning to launcher.Spec.Suspend changes launcher in the informer cache: every reader sees the change, and the cache keeps it even if the write fails`
		if _, err := c.kubeClient.BatchV1().Jobs(ns).Update(ctx, launcher, metav1.UpdateOptions{}); err != nil {
			return err
		}
	}
	return nil
}

// resetStartTime changes the helper's Job and never writes it.
func (c *Controller) resetStartTime(ns, name string) {
	launcher, err := c.getLauncherJob(ns, name)
	if err != nil || launcher == nil {
		return
	}
	launcher.Status.StartTime = nil // want `assigning to launcher.Status.StartTime changes launcher in the informer cache: every reader sees a change the server never got`
}

// createIfMissing has the create-if-missing shape alone, on a lister read
// in the same function.
func (c *Controller) createIfMissing(ctx context.Context, ns, name string, suspend bool) error {
	launcher, err := c.jobLister.Jobs(ns).Get(name + "-launcher")
	if err != nil && !errors.IsNotFound(err) {
		return err
	}
	if launcher == nil {
		if launcher, err = c.kubeClient.BatchV1().Jobs(ns).Create(ctx, newLauncherJob(ns, name), metav1.CreateOptions{}); err != nil {
			return err
		}
	}
	launcher.Spec.Suspend = &suspend // want `assigning to launcher.Spec.Suspend changes launcher`
	_, err = c.kubeClient.BatchV1().Jobs(ns).Update(ctx, launcher, metav1.UpdateOptions{})
	return err
}

// getLauncherJobCopy copies the lister's Job on every path that returns it.
func (c *Controller) getLauncherJobCopy(ns, name string) (*batchv1.Job, error) {
	launcher, err := c.jobLister.Jobs(ns).Get(name + "-launcher")
	if errors.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return launcher.DeepCopy(), nil
}

func (c *Controller) syncCopy(ctx context.Context, ns, name string, suspend bool) error {
	launcher, err := c.getLauncherJobCopy(ns, name)
	if err != nil || launcher == nil {
		return err
	}
	launcher.Spec.Suspend = &suspend // ok: getLauncherJobCopy returns a copy
	_, err = c.kubeClient.BatchV1().Jobs(ns).Update(ctx, launcher, metav1.UpdateOptions{})
	return err
}

func (c *Controller) syncCopied(ctx context.Context, ns, name string, suspend bool) error {
	launcher, err := c.getLauncherJob(ns, name)
	if err != nil || launcher == nil {
		return err
	}
	launcher = launcher.DeepCopy()
	launcher.Spec.Suspend = &suspend // ok: the caller copies the helper's Job
	_, err = c.kubeClient.BatchV1().Jobs(ns).Update(ctx, launcher, metav1.UpdateOptions{})
	return err
}

// copyThenCreate is cert-manager's fixed updateSecret on a Job: a copy
// where the lister has one, a new Job where it has none.
func (c *Controller) copyThenCreate(ctx context.Context, ns, name string, suspend bool) error {
	launcher, err := c.getLauncherJob(ns, name)
	if err != nil {
		return err
	}
	if launcher != nil {
		launcher = launcher.DeepCopy()
	}
	if launcher == nil {
		launcher = newLauncherJob(ns, name)
	}
	launcher.Spec.Suspend = &suspend // ok: a copy or a new Job on every path
	_, err = c.kubeClient.BatchV1().Jobs(ns).Update(ctx, launcher, metav1.UpdateOptions{})
	return err
}

func (c *Controller) onlyReads(ns, name string) bool {
	launcher, _ := c.getLauncherJob(ns, name)
	return launcher != nil && isJobSuspended(launcher) // ok: only read
}

// workers returns the lister's Jobs through a named result.
func (c *Controller) workers(ns string) (jobs []*batchv1.Job, err error) {
	jobs, err = c.jobLister.Jobs(ns).List(labels.Everything())
	return
}

func (c *Controller) suspendWorkers(ns string, suspend bool) {
	jobs, _ := c.workers(ns)
	for _, job := range jobs {
		job.Spec.Suspend = &suspend // want `assigning to job.Spec.Suspend changes job in the informer cache: every reader sees a change the server never got`
	}
}

// newestWorker returns a closure's result, not the lister's Job: the
// closure's return is its own.
func (c *Controller) newestWorker(ns string) *batchv1.Job {
	pick := func() *batchv1.Job {
		jobs, _ := c.jobLister.Jobs(ns).List(labels.Everything())
		return jobs[0]
	}
	_ = pick
	return newLauncherJob(ns, "newest")
}

func (c *Controller) renameNewest(ns string) {
	job := c.newestWorker(ns)
	job.Name = "newest" // ok: newestWorker returns a Job it builds
}
