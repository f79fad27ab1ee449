// Package librarygo_updatestatus reduces a bug fixed in openshift/library-go.
//
//	repo:     https://github.com/openshift/library-go
//	fix:      https://github.com/openshift/library-go/pull/1658 (commit bd5e34cc067445cdf4a109c85546b7b2ee63819a)
//	file:     pkg/operator/v1helpers/helpers.go
//	function: UpdateStatus
//
// The retry closure re-read the operator status and its resourceVersion
// through OperatorClient.GetOperatorState, which answers from the informer
// cache; right after a Conflict the cache was often still stale, so every
// retry sent the same old resourceVersion and the operator logged "the
// object has been modified" again and again. The fix keeps the cache for
// the first attempt and does a live GET (GetOperatorStateWithQuorum) after
// a failure.
package librarygo_updatestatus

import (
	"context"
	"reflect"

	"k8s.io/client-go/util/retry"
)

type OperatorStatus struct {
	ObservedGeneration int64
	Conditions         []string
}

func (in *OperatorStatus) DeepCopy() *OperatorStatus { out := *in; return &out }

// OperatorClient is library-go's interface over an operator resource: the
// write takes the resourceVersion the caller read.
type OperatorClient interface {
	// GetOperatorState returns the status and resource version, potentially from a lister.
	GetOperatorState() (status *OperatorStatus, resourceVersion string, err error)
	// GetOperatorStateWithQuorum returns them from a server read (added by the fix).
	GetOperatorStateWithQuorum(ctx context.Context) (status *OperatorStatus, resourceVersion string, err error)
	// UpdateOperatorStatus updates the status, assuming the given resource version.
	UpdateOperatorStatus(ctx context.Context, oldResourceVersion string, in *OperatorStatus) (out *OperatorStatus, err error)
}

type UpdateStatusFunc func(status *OperatorStatus) error

// UpdateStatusBuggy is UpdateStatus before the fix.
func UpdateStatusBuggy(ctx context.Context, client OperatorClient, updateFuncs ...UpdateStatusFunc) (*OperatorStatus, bool, error) {
	updated := false
	var updatedOperatorStatus *OperatorStatus
	err := retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		oldStatus, resourceVersion, err := client.GetOperatorState()
		if err != nil {
			return err
		}
		newStatus := oldStatus.DeepCopy()
		for _, update := range updateFuncs {
			if err := update(newStatus); err != nil {
				return err
			}
		}
		if reflect.DeepEqual(oldStatus, newStatus) {
			updatedOperatorStatus = newStatus
			return nil
		}
		updatedOperatorStatus, err = client.UpdateOperatorStatus(ctx, resourceVersion, newStatus) // realbug: retryreget miss=default,strict "the write is a project interface method taking the resourceVersion as a string, and its re-read comes from a cache (lister) that is stale right after a Conflict; neither is in the model"
		updated = err == nil
		return err
	})
	return updatedOperatorStatus, updated, err
}

// UpdateStatusFixed is UpdateStatus after the fix.
func UpdateStatusFixed(ctx context.Context, client OperatorClient, updateFuncs ...UpdateStatusFunc) (*OperatorStatus, bool, error) {
	updated := false
	var updatedOperatorStatus *OperatorStatus
	numberOfAttempts := 0
	err := retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		defer func() {
			numberOfAttempts++
		}()
		var oldStatus *OperatorStatus
		var resourceVersion string
		var err error
		if numberOfAttempts < 1 {
			oldStatus, resourceVersion, err = client.GetOperatorState()
		} else {
			oldStatus, resourceVersion, err = client.GetOperatorStateWithQuorum(ctx)
		}
		if err != nil {
			return err
		}
		newStatus := oldStatus.DeepCopy()
		for _, update := range updateFuncs {
			if err := update(newStatus); err != nil {
				return err
			}
		}
		if reflect.DeepEqual(oldStatus, newStatus) {
			updatedOperatorStatus = newStatus
			return nil
		}
		updatedOperatorStatus, err = client.UpdateOperatorStatus(ctx, resourceVersion, newStatus)
		updated = err == nil
		return err
	})
	return updatedOperatorStatus, updated, err
}
