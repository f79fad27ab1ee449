// Package fate pins down the fate of a write's failure, path by path.
package fate

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct {
	client.Client
	queue workqueue.TypedRateLimitingInterface[string]
}

// Each write has an object of its own: a later write of the same object,
// not read again, would carry an earlier one's Conflict.
func (r *R) paths(ctx context.Context, cm, cm2, cm3, cm4, cm5, cm6, cm7, cm8, cm9, cm10, cm11, cm12, cm13 *corev1.ConfigMap, flag bool) (ctrl.Result, error) {
	r.Update(ctx, cm)                          // want `fate dropped`
	if err := r.Update(ctx, cm2); err != nil { // want `fate swallowed`
	}
	if err := r.Update(ctx, cm3); err != nil { // want `fate logged`
		log.Print(err)
	}
	if err := r.Update(ctx, cm4); err != nil { // want `fate returned`
		return ctrl.Result{}, fmt.Errorf("update: %w", err)
	}
	if err := r.Update(ctx, cm5); err != nil { // want `fate returned other`
		return ctrl.Result{}, errors.New("update failed")
	}
	if err := r.Update(ctx, cm6); err != nil { // want `fate handled`
		return ctrl.Result{Requeue: true}, nil
	}
	if err := r.Update(ctx, cm7); err != nil { // want `fate handled`
		r.queue.AddRateLimited(cm.Name)
	}
	if err := r.Update(ctx, cm8); err != nil { // want `fate logged`
		log.Print(err)
		if flag { // one path returns it, the other does not: the worst decides
			return ctrl.Result{}, err
		}
	}
	if err := r.Update(ctx, cm9); err != nil && !apierrors.IsNotFound(err) { // want `fate returned`
		return ctrl.Result{}, err
	}
	if err := r.Update(ctx, cm10); apierrors.IsNotFound(err) { // want `fate swallowed`
		return ctrl.Result{}, err // a Conflict never takes this branch
	}
	if err := r.Update(ctx, cm11); err != nil { // want `fate handed off`
		go func() { log.Print(err) }()
	}
	if err := r.Update(ctx, cm12); err != nil { // want `fate logged`
		cm.Annotations["last-error"] = err.Error() // its text recorded: nobody retries text
	}
	if err := r.Update(ctx, cm13); err != nil { // want `fate fatal`
		log.Print(err)
		os.Exit(1)
	}
	return ctrl.Result{}, nil
}

func (r *R) loop(ctx context.Context, key client.ObjectKey) {
	for {
		var cm corev1.ConfigMap
		if err := r.Get(ctx, key, &cm); err != nil {
			return
		}
		cm.Data = map[string]string{"a": "b"}
		if err := r.Update(ctx, &cm); err != nil { // want `fate retried`
			continue
		}
		return
	}
}

func (r *R) each(ctx context.Context, cms []corev1.ConfigMap) {
	for i := range cms {
		if err := r.Update(ctx, &cms[i]); err != nil { // want `fate logged`
			log.Print(err)
		}
	}
}

func (r *R) background(ctx context.Context, cm *corev1.ConfigMap) error {
	var err error
	go func() {
		err = r.Update(ctx, cm) // want `fate logged`
		if err != nil {
			log.Print(err) // the outer function cannot read err in step with the goroutine
		}
	}()
	func() {
		err = r.Update(ctx, cm) // want `fate handed off`
	}()
	return err
}

type validationError struct{}

func (validationError) Error() string { return "invalid" }

func (r *R) assertion(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // want `fate returned`
		if _, ok := err.(validationError); ok {
			return nil // a Conflict is never a validationError
		}
		return err
	}
	return nil
}

func (r *R) deferredRequeue(ctx context.Context, cm *corev1.ConfigMap) (result ctrl.Result, err error) {
	defer func() {
		if uerr := r.Status().Update(ctx, cm); uerr != nil { // want `fate handled`
			result = ctrl.Result{Requeue: true}
		}
	}()
	return ctrl.Result{}, nil
}

func (r *R) adopt(ctx context.Context, cm *corev1.ConfigMap) bool {
	if err := r.Update(ctx, cm); err != nil { // want `fate handed off`
		return false // the caller requeues when adoption fails
	}
	return true
}
