// Package donemark grades the change a retry helper drops while telling
// its caller it succeeded (minio-operator's pool loop). A step that runs
// only until a field holds a value, followed in the same loop by setting
// that value and saving it, is skipped by every later run once the mark
// lands: the step's dropped change is lost for good, although the
// controller watches the object. Beside it, a level step whose own change
// is the tested value, and a mark set but never saved, keep the watch's
// grade.
package donemark

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	k8serrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

const initialized = "initialized"

// Pools initializes the pools a ConfigMap lists, and watches it.
type Pools struct {
	kube kubernetes.Interface
}

func (r *Pools) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

// Reconcile restarts the initialized pools before it marks a new one
// initialized; the restart's note is saved by savePools.
func (r *Pools) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm, err := r.kube.CoreV1().ConfigMaps(req.Namespace).Get(ctx, req.Name, metav1.GetOptions{})
	if err != nil {
		return ctrl.Result{}, err
	}
	for _, pool := range []string{"pool-0", "pool-1"} {
		if cm.Data[pool] == initialized {
			continue
		}
		if cm.Labels["expanding"] == "true" {
			cm.Annotations = map[string]string{"waiting-since": time.Now().String()}
			if cm, err = r.save(ctx, cm); err != nil {
				return ctrl.Result{}, err
			}
		}
		cm.Data[pool] = initialized
		if cm, err = r.save(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
	}
	if cm.Labels["tier"] != "gold" {
		cm.Labels["tier"] = "gold"
		if cm, err = r.saveLabels(ctx, cm, true); err != nil {
			return ctrl.Result{}, err
		}
	}
	if cm.Annotations["checked"] != "yes" {
		cm.Labels["seen"] = "yes"
		if cm, err = r.saveSeen(ctx, cm, true); err != nil {
			return ctrl.Result{}, err
		}
		cm.Annotations["checked"] = "yes"
	}
	return ctrl.Result{}, nil
}

// save saves the pools, retrying once.
func (r *Pools) save(ctx context.Context, cm *corev1.ConfigMap) (*corev1.ConfigMap, error) {
	return r.savePools(ctx, cm, true)
}

// savePools writes what its callers set on a copy of cm; on a Conflict it
// reads cm again and runs once more with the fresh copy, which holds none
// of it.
func (r *Pools) savePools(ctx context.Context, cm *corev1.ConfigMap, again bool) (*corev1.ConfigMap, error) {
	cmCopy := cm.DeepCopy()
	cmCopy.Data = cm.Data
	out, err := r.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cmCopy, metav1.UpdateOptions{})
	if err != nil {
		if k8serrors.IsConflict(err) && again {
			cm, err = r.kube.CoreV1().ConfigMaps(cm.Namespace).Get(ctx, cm.Name, metav1.GetOptions{})
			if err != nil {
				return cm, err
			}
			return r.savePools(ctx, cm, false) // want `savePools re-reads cm after a failed write and runs again with it, but adds no change of its own: .*; lost for good$`
		}
		return out, err
	}
	return out, nil
}

// saveLabels is savePools for the tier label: the next run tests the
// label it failed to save and sets it again.
func (r *Pools) saveLabels(ctx context.Context, cm *corev1.ConfigMap, again bool) (*corev1.ConfigMap, error) {
	out, err := r.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm.DeepCopy(), metav1.UpdateOptions{})
	if err != nil {
		if k8serrors.IsConflict(err) && again {
			cm, err = r.kube.CoreV1().ConfigMaps(cm.Namespace).Get(ctx, cm.Name, metav1.GetOptions{})
			if err != nil {
				return cm, err
			}
			return r.saveLabels(ctx, cm, false) // want `saveLabels re-reads cm after a failed write and runs again with it, .*; lost until the next event$`
		}
		return out, err
	}
	return out, nil
}

// saveSeen is savePools for the seen label, whose step sets its mark
// afterwards but never saves it: the next run takes the step again.
func (r *Pools) saveSeen(ctx context.Context, cm *corev1.ConfigMap, again bool) (*corev1.ConfigMap, error) {
	out, err := r.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm.DeepCopy(), metav1.UpdateOptions{})
	if err != nil {
		if k8serrors.IsConflict(err) && again {
			cm, err = r.kube.CoreV1().ConfigMaps(cm.Namespace).Get(ctx, cm.Name, metav1.GetOptions{})
			if err != nil {
				return cm, err
			}
			return r.saveSeen(ctx, cm, false) // want `saveSeen re-reads cm after a failed write and runs again with it, .*; lost until the next event$`
		}
		return out, err
	}
	return out, nil
}
