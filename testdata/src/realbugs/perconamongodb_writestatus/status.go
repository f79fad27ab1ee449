// Package perconamongodb_writestatus reduces a bug fixed in
// percona/percona-server-mongodb-operator.
//
//	repo:     https://github.com/percona/percona-server-mongodb-operator
//	fix:      https://github.com/percona/percona-server-mongodb-operator/pull/765 (commit 123ea3c2f8f4908b2b86bcac7afb367d6ba24241)
//	file:     pkg/controller/perconaservermongodb/status.go (writeStatus, updateStatus) and psmdb_controller.go (Reconcile)
//	function: (*ReconcilePerconaServerMongoDB).writeStatus, reached from a deferred call in Reconcile
//
// Two bugs in one function, fixed by one change. writeStatus wrote the
// cluster's status and, on any failure (meant for old servers without the
// status subresource), updated the whole object, the same object at the
// same resourceVersion: after a Conflict the second write conflicts too
// (staleupdate). Its error went back through updateStatus to a function
// Reconcile defers, which only logged it: Reconcile's results are not
// named, so the reconcile ended without a requeue and the status stayed
// stale (unretriedupdate). The fix re-reads the object inside
// retry.RetryOnConflict, copies the status onto it and writes the status
// only.
package perconamongodb_writestatus

import (
	"context"

	"github.com/go-logr/logr"
	"github.com/pkg/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type AppState string

const (
	AppStateInit  AppState = "initializing"
	AppStateError AppState = "error"
)

type PerconaServerMongoDBStatus struct {
	State   AppState
	Message string
}

type PerconaServerMongoDB struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status PerconaServerMongoDBStatus
}

func (in *PerconaServerMongoDB) DeepCopyObject() runtime.Object { out := *in; return &out }

type ReconcilePerconaServerMongoDB struct {
	client client.Client
	logger logr.Logger
}

func (r *ReconcilePerconaServerMongoDB) reconcileReplsets(cr *PerconaServerMongoDB) (AppState, error) {
	return AppStateInit, nil
}

// ReconcileBuggy is Reconcile before the fix (the same after it, but for
// the status helpers it reaches).
func (r *ReconcilePerconaServerMongoDB) ReconcileBuggy(request reconcile.Request) (reconcile.Result, error) {
	rr := reconcile.Result{}
	cr := &PerconaServerMongoDB{}
	err := r.client.Get(context.TODO(), request.NamespacedName, cr)
	if err != nil {
		return rr, client.IgnoreNotFound(err)
	}

	clusterStatus := AppStateInit
	defer func() {
		err = r.updateStatusBuggy(cr, err, clusterStatus) // realbug: unretriedupdate alt "the Conflict comes back here and is only logged; Reconcile's results are not named"
		if err != nil {
			r.logger.Error(err, "failed to update cluster status")
		}
	}()

	clusterStatus, err = r.reconcileReplsets(cr)
	if err != nil {
		return reconcile.Result{}, err
	}
	return rr, nil
}

// updateStatusBuggy is updateStatus before the fix.
func (r *ReconcilePerconaServerMongoDB) updateStatusBuggy(cr *PerconaServerMongoDB, reconcileErr error, clusterState AppState) error {
	if reconcileErr != nil {
		cr.Status.Message = "Error: " + reconcileErr.Error()
		cr.Status.State = AppStateError
		return r.writeStatusBuggy(cr)
	}
	cr.Status.Message = ""
	cr.Status.State = clusterState
	return r.writeStatusBuggy(cr)
}

// writeStatusBuggy is writeStatus before the fix.
func (r *ReconcilePerconaServerMongoDB) writeStatusBuggy(cr *PerconaServerMongoDB) error {
	err := r.client.Status().Update(context.TODO(), cr) // realbug: unretriedupdate
	if err != nil {
		// may be it's k8s v1.10 and earlier that doesn't support status
		// updates, so try to update the whole CR
		err := r.client.Update(context.TODO(), cr) // realbug: staleupdate // realbug: unretriedupdate alt "the fallback write's Conflict is the one that goes back to the deferred log; strict mode reports this write too"
		if err != nil {
			return errors.Wrap(err, "send update")
		}
	}
	return nil
}

// updateStatusFixed is updateStatus after the fix.
func (r *ReconcilePerconaServerMongoDB) updateStatusFixed(cr *PerconaServerMongoDB, reconcileErr error, clusterState AppState) error {
	if reconcileErr != nil {
		cr.Status.Message = "Error: " + reconcileErr.Error()
		cr.Status.State = AppStateError
		return r.writeStatusFixed(cr)
	}
	cr.Status.Message = ""
	cr.Status.State = clusterState
	return r.writeStatusFixed(cr)
}

// writeStatusFixed is writeStatus after the fix.
func (r *ReconcilePerconaServerMongoDB) writeStatusFixed(cr *PerconaServerMongoDB) error {
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		c := &PerconaServerMongoDB{}

		err := r.client.Get(context.TODO(), types.NamespacedName{Name: cr.Name, Namespace: cr.Namespace}, c)
		if err != nil {
			return err
		}

		c.Status = cr.Status

		return r.client.Status().Update(context.TODO(), c)
	})

	return errors.Wrap(err, "write status")
}
