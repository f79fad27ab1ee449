// Package jobsync calls the helpers of package jobs and names no lister
// method itself: it reads the informer cache only through LauncherJob,
// Workers and Getter.Get, which their facts tell.
package jobsync

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	batchlisters "k8s.io/client-go/listers/batch/v1"

	"listermutation/jobs"
)

type Controller struct {
	kubeClient kubernetes.Interface
	jobLister  batchlisters.JobLister
	getter     *jobs.Getter
}

func (c *Controller) syncHandler(ctx context.Context, ns, name string, suspend bool) error {
	launcher, err := jobs.LauncherJob(c.jobLister, ns, name)
	if err != nil {
		return err
	}
	if launcher == nil {
		launcher, err = c.kubeClient.BatchV1().Jobs(ns).Create(ctx, jobs.New(ns, name+"-launcher"), metav1.CreateOptions{})
		if err != nil {
			return err
		}
	}
	launcher.Spec.Suspend = &suspend // want `assigning to launcher.Spec.Suspend changes launcher in the informer cache: every reader sees the change, and the cache keeps it even if the write fails`
	_, err = c.kubeClient.BatchV1().Jobs(ns).Update(ctx, launcher, metav1.UpdateOptions{})
	return err
}

func (c *Controller) viaMethod(ns, name string) {
	launcher, err := c.getter.Get(ns, name)
	if err != nil {
		return
	}
	launcher.Status.StartTime = nil // want `assigning to launcher.Status.StartTime changes launcher in the informer cache: every reader sees a change the server never got`
}

func (c *Controller) suspendWorkers(ns string, suspend bool) {
	workers, _ := jobs.Workers(c.jobLister, ns)
	for _, w := range workers {
		w.Spec.Suspend = &suspend // want `assigning to w.Spec.Suspend changes w in the informer cache: every reader sees a change the server never got`
	}
}

func (c *Controller) syncCopy(ctx context.Context, ns, name string, suspend bool) error {
	launcher, err := jobs.LauncherJobCopy(c.jobLister, ns, name)
	if err != nil {
		return err
	}
	launcher.Spec.Suspend = &suspend // ok: LauncherJobCopy returns a copy
	_, err = c.kubeClient.BatchV1().Jobs(ns).Update(ctx, launcher, metav1.UpdateOptions{})
	return err
}

func (c *Controller) built(ns, name string) {
	job := jobs.New(ns, name)
	job.Labels = map[string]string{"role": "launcher"} // ok: New builds the Job
}
