// Package aggregates holds status writes whose failure is only logged
// while the function returns an aggregate of other errors: the sync is
// retried when that aggregate is non-nil, which the model knows when the
// list is known to hold an error on the path.
package aggregates

import (
	"context"
	"errors"
	"fmt"
	"log"

	corev1 "k8s.io/api/core/v1"
	utilerrors "k8s.io/apimachinery/pkg/util/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Operator struct {
	client.Client
	CM *corev1.ConfigMap
}

func (o *Operator) syncPart(string) error { return nil }

// Sync logs the Degraded write's failure and returns the aggregate of the
// failures it reports, non-nil under len(errs) > 0: the sync runs again.
func (o *Operator) Sync(ctx context.Context) error {
	errs := []error{}
	if err := o.syncPart("webhooks"); err != nil {
		errs = append(errs, fmt.Errorf("webhooks: %w", err))
	}
	if len(errs) > 0 {
		err := utilerrors.NewAggregate(errs)
		o.CM.Data["degraded"] = err.Error()
		if err := o.Status().Update(ctx, o.CM); err != nil { // ok: the non-nil aggregate is returned
			log.Printf("set degraded: %v", err)
		}
		return err
	}
	return nil
}

// SyncJoined does the same with errors.Join, the list known non-empty by
// an append of a new error.
func (o *Operator) SyncJoined(ctx context.Context) error {
	var errs []error
	errs = append(errs, errors.New("part failed"))
	if err := o.Status().Update(ctx, o.CM); err != nil { // ok: errors.Join of a list holding an error is returned
		log.Printf("set degraded: %v", err)
	}
	return errors.Join(errs...)
}

// SyncMaybe returns an aggregate that is nil when no part failed: then
// the write's failure is lost.
func (o *Operator) SyncMaybe(ctx context.Context) error {
	var errs []error
	if err := o.syncPart("webhooks"); err != nil {
		errs = append(errs, err)
	}
	if err := o.Status().Update(ctx, o.CM); err != nil { // want `conflict from Status\(\).Update is only logged: return it, or re-read o.CM inside retry.RetryOnConflict`
		log.Printf("set degraded: %v", err)
	}
	return utilerrors.NewAggregate(errs)
}

// SyncEmptied tests the length the other way: on the path that returns,
// the list is empty.
func (o *Operator) SyncEmptied(ctx context.Context) error {
	errs := []error{}
	if err := o.syncPart("webhooks"); err != nil {
		errs = append(errs, err)
	}
	if err := o.Status().Update(ctx, o.CM); err != nil { // want `conflict from Status\(\).Update is only logged: return it, or re-read o.CM inside retry.RetryOnConflict`
		log.Printf("set degraded: %v", err)
		if len(errs) == 0 {
			return utilerrors.NewAggregate(errs)
		}
	}
	return nil
}
