// Package siblingrequeue collects the failures of several steps and
// returns the one that asks for a requeue when there is one, as
// milvus-operator's ReconcileDeployments does.
package siblingrequeue

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	pkgerr "github.com/pkg/errors"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var ErrRequeue = errors.New("requeue")

type Reconciler struct{ client.Client }

func (r *Reconciler) step(ctx context.Context, cm *corev1.ConfigMap, name string) error {
	cm.Data[name] = "done"
	return r.Update(ctx, cm)
}

func (r *Reconciler) steps(ctx context.Context, cm *corev1.ConfigMap) error {
	var errs []error
	for _, name := range []string{"a", "b"} {
		if err := r.step(ctx, cm, name); err != nil { // ok: the failure, or the sibling's that asks for a requeue, is returned
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		for i := range errs {
			if pkgerr.Is(errs[i], ErrRequeue) {
				return pkgerr.Wrap(errs[i], "steps")
			}
		}
		return fmt.Errorf("steps: %w", errors.Join(errs...))
	}
	return nil
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.steps(ctx, &cm); err != nil { // ok: requeued, either way
		if pkgerr.Is(err, ErrRequeue) {
			return ctrl.Result{RequeueAfter: 15 * time.Second}, nil
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// rangeSteps returns the first failure that asks for a requeue, found by
// ranging over them, else all of them.
func (r *Reconciler) rangeSteps(ctx context.Context, cm *corev1.ConfigMap) error {
	var errs []error
	for _, name := range []string{"a", "b"} {
		if err := r.step(ctx, cm, name); err != nil { // ok: one of the failures is returned
			errs = append(errs, err)
		}
	}
	for _, e := range errs {
		if pkgerr.Is(e, ErrRequeue) {
			return e
		}
	}
	return errors.Join(errs...)
}

// loggedSteps only logs each failure it collected.
func (r *Reconciler) loggedSteps(ctx context.Context, cm *corev1.ConfigMap) {
	var errs []error
	for _, name := range []string{"a", "b"} {
		if err := r.step(ctx, cm, name); err != nil { // want `conflict from r.step cannot be returned by loggedSteps`
			errs = append(errs, err)
		}
	}
	for i := range errs {
		log.Printf("step: %v", errs[i])
	}
}
