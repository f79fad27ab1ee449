package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
)

// Worker is a client-go controller whose sync puts the key back itself.
type Worker struct {
	cs    kubernetes.Interface
	queue workqueue.TypedRateLimitingInterface[string]
}

// syncRequeueOnConflict requeues the key from a deferred closure when the
// named result holds a Conflict.
func (c *Worker) syncRequeueOnConflict(ctx context.Context, key string, cm *corev1.ConfigMap) (err error) {
	defer func() {
		if apierrors.IsConflict(err) {
			c.queue.AddRateLimited(key)
			err = nil
		}
	}()
	_, err = c.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}) // ok: the deferred closure requeues a Conflict
	return err
}

// reconcileDeferredStatus writes the status in a deferred closure and
// leaves its failure in the named result, unless one is there already.
func (r *Reconciler) reconcileDeferredStatus(ctx context.Context, cm *corev1.ConfigMap) (res ctrl.Result, err error) {
	defer func() {
		if updateErr := r.Status().Update(ctx, cm); updateErr != nil { // ok: assigned to the named result, or another failure is returned
			if err == nil {
				err = updateErr
			}
		}
	}()
	cm.Data["phase"] = "ready"
	return ctrl.Result{}, nil
}
