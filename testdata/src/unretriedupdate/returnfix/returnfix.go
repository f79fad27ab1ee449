// Package returnfix holds only-logged and dropped Conflicts in functions
// that can return the error, and the shapes where returning it could
// change what the function does.
package returnfix

import (
	"context"
	"log"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
	Log logr.Logger
}

func (r *Reconciler) logged(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	cm.Data = map[string]string{"a": "b"}
	if err := r.Status().Update(ctx, cm); err != nil { // want `conflict from r.Status\(\).Update\(ctx, cm\) is only logged`
		r.Log.Error(err, "status update failed")
	}
	return ctrl.Result{}, nil
}

func (r *Reconciler) swallowed(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update\(ctx, cm\) is swallowed`
	} // no fix: an empty branch, where a statement would land beside this comment
	return nil
}

func (r *Reconciler) moreAfter(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.Status().Update(ctx, cm); err != nil { // want `is only logged`
		log.Printf("status: %v", err)
	}
	cm.Labels = map[string]string{"done": "yes"} // no fix: returning early would skip this
	return ctrl.Result{}, nil
}

func (r *Reconciler) loggedTyped(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // want `is only logged`
		log.Printf("update %s: %v", cm.Name, err)
		r.Log.Info("will not retry")
	}
	return nil
}

func (r *Reconciler) requeueAfter(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.Status().Update(ctx, cm); err != nil { // ok: the return below requeues
		log.Printf("status: %v", err)
	}
	return ctrl.Result{RequeueAfter: 5}, nil
}
