// Package v1 is a test stub of k8s.io/api/batch/v1.
package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// JobSpec is the desired state of a job.
type JobSpec struct {
	Parallelism *int32
	Suspend     *bool
	Template    corev1.PodSpec
}

// JobStatus is the observed state of a job.
type JobStatus struct {
	StartTime *metav1.Time
	Active    int32
	Succeeded int32
	Failed    int32
}

// Job runs pods to completion.
type Job struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   JobSpec
	Status JobStatus
}

// DeepCopyInto copies the receiver into out.
func (in *Job) DeepCopyInto(out *Job) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *Job) DeepCopy() *Job {
	if in == nil {
		return nil
	}
	out := new(Job)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *Job) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// JobList is a list of Job.
type JobList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Job
}

// DeepCopyInto copies the receiver into out.
func (in *JobList) DeepCopyInto(out *JobList) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *JobList) DeepCopy() *JobList {
	if in == nil {
		return nil
	}
	out := new(JobList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *JobList) DeepCopyObject() runtime.Object { return in.DeepCopy() }
