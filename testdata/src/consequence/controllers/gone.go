package controllers

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// GoneResult requeues after a minute on every quiet return but the one
// taken when the reconciled object is gone (the shape of Percona's
// operators): nothing is left to redo there, so a lost write waits a
// minute at most.
type GoneResult struct{ client.Client }

func (r *GoneResult) Reconcile(ctx context.Context, request ctrl.Request) (ctrl.Result, error) {
	rr := ctrl.Result{RequeueAfter: time.Minute}
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, request.NamespacedName, cm)
	if err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return rr, err
	}
	r.touch(ctx, cm)
	return rr, nil
}

func (r *GoneResult) touch(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["tick"] = "1"
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update cannot be returned by touch: re-read cm after a conflict in retry.RetryOnConflict; lost until resync \(1m\)`
		log.Printf("update: %v", err)
	}
}

// GoneDependency stops quietly when another object is missing, after the
// write: that return asks for nothing, so the write is lost.
type GoneDependency struct{ client.Client }

func (r *GoneDependency) Reconcile(ctx context.Context, request ctrl.Request) (ctrl.Result, error) {
	rr := ctrl.Result{RequeueAfter: time.Minute}
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, request.NamespacedName, cm); err != nil {
		return rr, err
	}
	r.touch(ctx, cm)
	var secret corev1.Secret
	if err := r.Get(ctx, types.NamespacedName{Namespace: "system", Name: "config"}, &secret); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return rr, err
	}
	return rr, nil
}

func (r *GoneDependency) touch(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["tick"] = "1"
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update cannot be returned by touch: re-read cm after a conflict in retry.RetryOnConflict; lost for good`
		log.Printf("update: %v", err)
	}
}

// GoneCleanup watches the ConfigMaps it reconciles and, when one is gone,
// updates the shared index Secret. A lost write there is lost for good:
// the ConfigMap's events are over, and nothing else runs the cleanup. The
// same write on the path where the ConfigMap exists waits for its next
// event.
type GoneCleanup struct{ client.Client }

func (r *GoneCleanup) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

func (r *GoneCleanup) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		if apierrors.IsNotFound(err) {
			if err := r.unindex(ctx, req.Name); err != nil { // want `conflict from r.unindex is only logged: return it, or re-read the object inside retry.RetryOnConflict; lost for good`
				log.Printf("unindex: %v", err)
			}
		}
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// A Get of the same key that is not the first reads another object,
	// named after the reconciled one: its absence is no deletion.
	var owned corev1.ConfigMap
	if err := r.Get(ctx, types.NamespacedName{Namespace: "shadow", Name: req.Name}, &owned); apierrors.IsNotFound(err) {
		if err := r.unindex(ctx, req.Name); err != nil { // want `conflict from r.unindex is only logged: return it, or re-read the object inside retry.RetryOnConflict; lost until the next event`
			log.Printf("unindex: %v", err)
		}
	}
	return ctrl.Result{}, nil
}

// unindex removes name from the index.
func (r *GoneCleanup) unindex(ctx context.Context, name string) error {
	var index corev1.ConfigMap
	if err := r.Get(ctx, types.NamespacedName{Namespace: "system", Name: "index"}, &index); err != nil {
		return err
	}
	delete(index.Data, name)
	return r.Update(ctx, &index)
}

// Finalizing watches ConfigMaps and, when one is deleted, takes its
// finalizer off, then cleans up the shared index. Past the finalizer's
// write the ConfigMap is gone, so a cleanup whose Conflict is only logged
// is lost for good; cleaned up before the finalizer's write, a failure
// would come back with the ConfigMap's next event.
type Finalizing struct{ client.Client }

func (r *Finalizing) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

func (r *Finalizing) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.DeletionTimestamp != nil {
		if err := r.unindex(ctx, cm.Name+"-early"); err != nil { // want `conflict from r.unindex is only logged: return it, or re-read the object inside retry.RetryOnConflict; lost until the next event`
			log.Printf("unindex: %v", err)
		}
		if controllerutil.RemoveFinalizer(cm, "example.com/index") {
			if err := r.Update(ctx, cm); err != nil {
				return ctrl.Result{}, err
			}
		}
		if err := r.unindex(ctx, cm.Name); err != nil { // want `conflict from r.unindex is only logged: return it, or re-read the object inside retry.RetryOnConflict; lost for good`
			log.Printf("unindex: %v", err)
		}
	}
	return ctrl.Result{}, nil
}

// unindex removes name from the index.
func (r *Finalizing) unindex(ctx context.Context, name string) error {
	return (&GoneCleanup{r.Client}).unindex(ctx, name)
}

// GoneGetter reads its object through a getter of its own (the shape of
// Percona's GetCRWithDefaults): the getter's IsNotFound return too is
// taken only when the reconciled object is gone.
type GoneGetter struct{ client.Client }

func getWithDefaults(ctx context.Context, c client.Client, key types.NamespacedName) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return nil, err
	}
	if cm.Data == nil {
		cm.Data = map[string]string{}
	}
	return cm, nil
}

func (r *GoneGetter) Reconcile(ctx context.Context, request ctrl.Request) (ctrl.Result, error) {
	rr := ctrl.Result{RequeueAfter: 5 * time.Second}
	cm, err := getWithDefaults(ctx, r.Client, request.NamespacedName)
	if err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	r.touch(ctx, cm)
	return rr, nil
}

func (r *GoneGetter) touch(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["tick"] = "1"
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update cannot be returned by touch: re-read cm after a conflict in retry.RetryOnConflict; lost until resync \(5s\)`
		log.Printf("update: %v", err)
	}
}

// FinalizedEarly takes the finalizer off in a deletion branch that
// returns, and marks the ConfigMap served after it (the shape of the
// Pulsar resources operator's controllers): the removal does not come
// before the status write, which is on the paths of a live object, so the
// write's lost Conflict comes back with the ConfigMap's next event.
type FinalizedEarly struct{ client.Client }

func (r *FinalizedEarly) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

func (r *FinalizedEarly) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.DeletionTimestamp != nil {
		if controllerutil.RemoveFinalizer(cm, "example.com/index") {
			if err := r.Update(ctx, cm); err != nil {
				return ctrl.Result{}, err
			}
		}
		return ctrl.Result{}, nil
	}
	cm.Labels = map[string]string{"served": "true"}
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update of cm is only logged: return it; lost until the next event`
		log.Printf("mark served: %v", err)
	}
	return ctrl.Result{}, nil
}
