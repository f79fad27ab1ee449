// Package returnfix holds only-logged and dropped Conflicts in functions
// that can return the error, and the shapes where returning it could
// change what the function does.
package returnfix

import (
	"context"
	"log"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/klog/v2"
	ctrl "sigs.k8s.io/controller-runtime"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
	Log logr.Logger
}

// Controller is a client-go controller whose sync handler returns errors
// to a work queue.
type Controller struct {
	kube kubernetes.Interface
}

func (r *Reconciler) logged(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	cm.Data = map[string]string{"a": "b"}
	if err := r.Status().Update(ctx, cm); err != nil { // want `conflict from Status\(\).Update of cm is only logged: return it`
		r.Log.Error(err, "status update failed")
	}
	return ctrl.Result{}, nil
}

func (r *Reconciler) swallowed(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update is swallowed: return it, or re-read cm inside retry.RetryOnConflict`
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

func (r *Reconciler) loggedThenReturnsNil(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.Status().Update(ctx, cm); err != nil { // want `is only logged`
		log.Printf("status of %s: %v", cm.Name, err)
		return ctrl.Result{}, nil
	}
	cm.Labels = map[string]string{"done": "yes"} // ok to skip: the branch returns anyway
	return ctrl.Result{}, nil
}

func (r *Reconciler) swallowedZero(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.Update(ctx, cm); err != nil { // want `is swallowed`
		return ctrl.Result{Requeue: false}, nil
	}
	return ctrl.Result{}, nil
}

func (r *Reconciler) keyValues(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.Update(ctx, cm); err != nil { // want `is only logged`
		r.Log.Error(err, "update", "name", cm.Name) // stays: the key-value pairs have no place in the error
	}
	r.Log.Info("synced") // only logging follows
	return ctrl.Result{}, nil
}

func (r *Reconciler) dropped(ctx context.Context, cm *corev1.ConfigMap) error {
	cm.Data = map[string]string{"a": "b"}
	_ = r.Update(ctx, cm) // want `is dropped`
	return nil
}

func (r *Reconciler) droppedStatement(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	r.Status().Update(ctx, cm) // want `is dropped`
	r.Log.Info("status written")
	return ctrl.Result{}, nil
}

// No fix for the first write: returning early would skip the second.
func (r *Reconciler) droppedBeforeMore(ctx context.Context, cm *corev1.ConfigMap) error {
	_ = r.Update(ctx, cm)          // want `is dropped`
	_ = r.Status().Update(ctx, cm) // want `is dropped`
	return nil
}

func (c *Controller) syncHandler(ctx context.Context, cm *corev1.ConfigMap) error {
	cm.Data = map[string]string{"synced": "true"}
	if _, err := c.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `is only logged`
		klog.Errorf("syncing %s: %v", cm.Name, err)
	}
	return nil
}

func (c *Controller) syncDropped(ctx context.Context, cm *corev1.ConfigMap) error {
	_, _ = c.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}) // want `is dropped`
	return nil
}

func (c *Controller) inClosure(ctx context.Context, cm *corev1.ConfigMap) error {
	sync := func() error {
		if _, err := c.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `is only logged`
			klog.Error(err) // no fix: what an error of a function literal means is its caller's business
		}
		return nil
	}
	return sync()
}

// localLogger is the most common Reconcile shape: a logger local whose only
// use is the log line in the error branch. The fix keeps the line, so the
// local stays used and the package still compiles.
func (r *Reconciler) localLogger(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	cm.Data = map[string]string{"shared": "yes"}
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update of cm is only logged: return it`
		log.Error(err, "failed to update shared ConfigMap")
	}
	return ctrl.Result{}, nil
}
