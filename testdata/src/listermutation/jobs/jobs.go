// Package jobs holds the launcher Job helpers of an mpi-operator-like
// controller, apart from their caller (package jobsync): the facts it
// exports say which of them can return the Job lister's own objects.
package jobs

import (
	batchv1 "k8s.io/api/batch/v1"
	"k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/labels"
	batchlisters "k8s.io/client-go/listers/batch/v1"
)

// LauncherJob returns the lister's Job, or nil when there is none.
func LauncherJob(lister batchlisters.JobLister, ns, name string) (*batchv1.Job, error) { // want LauncherJob:`returnsCached`
	launcher, err := lister.Jobs(ns).Get(name + "-launcher")
	if errors.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return launcher, nil
}

// LauncherJobCopy copies the lister's Job on every path: no fact.
func LauncherJobCopy(lister batchlisters.JobLister, ns, name string) (*batchv1.Job, error) {
	launcher, err := lister.Jobs(ns).Get(name + "-launcher")
	if err != nil {
		return nil, err
	}
	return launcher.DeepCopy(), nil
}

// Workers returns the lister's Jobs of a namespace.
func Workers(lister batchlisters.JobLister, ns string) ([]*batchv1.Job, error) { // want Workers:`returnsCached\(list\)`
	return lister.Jobs(ns).List(labels.Everything())
}

// Getter reads launcher Jobs.
type Getter struct{ Lister batchlisters.JobLister }

// Get returns the lister's Job through another function of the package.
func (g *Getter) Get(ns, name string) (*batchv1.Job, error) { // want Get:`returnsCached`
	return launcherJob(g.Lister, ns, name)
}

// launcherJob is not exported: no fact, though it returns the lister's Job.
func launcherJob(lister batchlisters.JobLister, ns, name string) (*batchv1.Job, error) {
	return lister.Jobs(ns).Get(name + "-launcher")
}

// New builds a Job: no fact.
func New(ns, name string) *batchv1.Job {
	job := &batchv1.Job{}
	job.Namespace, job.Name = ns, name
	return job
}
