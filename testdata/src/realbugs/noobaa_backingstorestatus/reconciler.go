// Package noobaa_backingstorestatus reduces a bug fixed in
// noobaa/noobaa-operator.
//
//	repo:     https://github.com/noobaa/noobaa-operator
//	fix:      https://github.com/noobaa/noobaa-operator/pull/386 (commit ec329eb0596c98caeb57f9577a02e1cf32401e6b; Bugzilla 1866781)
//	file:     pkg/backingstore/reconciler.go
//	function: (*Reconciler).UpdateStatus, called at the end of (*Reconciler).Reconcile
//
// UpdateStatus wrote the BackingStore status with controller-runtime's
// Status().Update and passed the error only to a logrus Entry; it had no
// error result, so Reconcile returned success and the phase stayed stale
// until an unrelated event, which never came. The fix returns the error and
// Reconcile requeues after a delay.
package noobaa_backingstorestatus

import (
	"context"
	"time"

	"github.com/sirupsen/logrus"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type BackingStoreStatus struct {
	Phase   string
	Reason  string
	Message string
}

type BackingStore struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status BackingStoreStatus
}

func (in *BackingStore) DeepCopyObject() runtime.Object { out := *in; return &out }

type Reconciler struct {
	Client       client.Client
	Ctx          context.Context
	Logger       *logrus.Entry
	BackingStore *BackingStore
}

func (r *Reconciler) ReconcilePhases() error { return nil }

func (r *Reconciler) SetPhase(phase, reason, message string) {
	if phase != "" {
		r.BackingStore.Status.Phase = phase
	}
	r.BackingStore.Status.Reason = reason
	r.BackingStore.Status.Message = message
}

// ReconcileBuggy is Reconcile before the fix.
func (r *Reconciler) ReconcileBuggy() (reconcile.Result, error) {
	res := reconcile.Result{}
	log := r.Logger
	if err := r.ReconcilePhases(); err != nil {
		res.RequeueAfter = 3 * time.Second
		r.SetPhase("", "TemporaryError", err.Error())
		log.Warnf("⏳ Temporary Error: %s", err)
	}
	r.UpdateStatusBuggy()
	return res, nil
}

// UpdateStatusBuggy is UpdateStatus before the fix.
func (r *Reconciler) UpdateStatusBuggy() {
	err := r.Client.Status().Update(r.Ctx, r.BackingStore) // realbug: unretriedupdate
	if err != nil {
		r.Logger.Errorf("UpdateStatus: %s", err)
	} else {
		r.Logger.Infof("UpdateStatus: Done")
	}
}

// ReconcileFixed is Reconcile after the fix: a failed status write
// requeues.
func (r *Reconciler) ReconcileFixed() (reconcile.Result, error) {
	res := reconcile.Result{}
	log := r.Logger
	if err := r.ReconcilePhases(); err != nil {
		res.RequeueAfter = 3 * time.Second
		r.SetPhase("", "TemporaryError", err.Error())
		log.Warnf("⏳ Temporary Error: %s", err)
	}
	err := r.UpdateStatusFixed()
	if err != nil {
		res.RequeueAfter = 3 * time.Second
		r.SetPhase("", "TemporaryError", err.Error())
		log.Warnf("⏳ Temporary Error: %s", err)
	}
	return res, nil
}

// UpdateStatusFixed is UpdateStatus after the fix.
func (r *Reconciler) UpdateStatusFixed() error {
	err := r.Client.Status().Update(r.Ctx, r.BackingStore) // realbug: unretriedupdate fp=strict "by design strict mode reports every write outside a retry scope; the fix relies on a requeue"
	if err != nil {
		r.Logger.Errorf("UpdateStatus: %s", err)
		return err
	}
	r.Logger.Infof("UpdateStatus: Done")
	return nil
}
