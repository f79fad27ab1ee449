// Package radixoperator_stopjob reduces a bug fixed in equinor/radix-operator.
//
//	repo:     https://github.com/equinor/radix-operator
//	fix:      https://github.com/equinor/radix-operator/pull/1829 (commit 34b0dd9a497d1a8481ad9fadd67a9000d984969c)
//	file:     api-server/api/jobs/manage_job_handler.go
//	function: JobHandler.StopJob
//
// The API server's handler read a RadixJob, set Spec.Stop and updated it
// once; the operator writes the same object, and a Conflict went back to
// the user as a failed request (rewrapped with %v) while nothing retried.
// The fix reads, checks and updates inside retry.RetryOnConflict, wrapping
// with %w.
package radixoperator_stopjob

import (
	"context"
	"errors"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/util/retry"
)

type RadixJobSpec struct{ Stop bool }

type RadixJobStatus struct{ Condition string }

type RadixJob struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   RadixJobSpec
	Status RadixJobStatus
}

func (in *RadixJob) DeepCopyObject() runtime.Object { out := *in; return &out }

// RadixJobInterface is the generated typed client.
type RadixJobInterface interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*RadixJob, error)
	Update(ctx context.Context, radixJob *RadixJob, opts metav1.UpdateOptions) (*RadixJob, error)
}

type RadixV1Interface interface {
	RadixJobs(namespace string) RadixJobInterface
}

type RadixClient interface {
	RadixV1() RadixV1Interface
}

type Account struct{ RadixClient RadixClient }

type JobHandler struct{ userAccount Account }

var errAlreadyStopping = errors.New("job already requested to stop")

func (jh JobHandler) getPipelineJobByName(ctx context.Context, appName, jobName string) (*RadixJob, error) {
	return jh.userAccount.RadixClient.RadixV1().RadixJobs(appName+"-app").Get(ctx, jobName, metav1.GetOptions{})
}

// StopJobBuggy is StopJob before the fix.
func (jh JobHandler) StopJobBuggy(ctx context.Context, appName, jobName string) error {
	radixJob, err := jh.getPipelineJobByName(ctx, appName, jobName)
	if err != nil {
		return err
	}
	if radixJob.Spec.Stop {
		return errAlreadyStopping
	}

	radixJob.Spec.Stop = true

	_, err = jh.userAccount.RadixClient.RadixV1().RadixJobs(radixJob.GetNamespace()).Update(ctx, radixJob, metav1.UpdateOptions{}) // realbug: unretriedupdate
	if err != nil {
		return fmt.Errorf("failed to patch job object: %v", err)
	}
	return nil
}

// StopJobFixed is StopJob after the fix.
func (jh JobHandler) StopJobFixed(ctx context.Context, appName, jobName string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		radixJob, err := jh.getPipelineJobByName(ctx, appName, jobName)
		if err != nil {
			return err
		}
		if radixJob.Spec.Stop {
			return errAlreadyStopping
		}

		radixJob.Spec.Stop = true

		_, err = jh.userAccount.RadixClient.RadixV1().RadixJobs(radixJob.GetNamespace()).Update(ctx, radixJob, metav1.UpdateOptions{})
		if err != nil {
			return fmt.Errorf("failed to patch job object: %w", err)
		}
		return nil
	})
}
