// Package conflictguarded records a failed reconcile step the way an
// operator's error handler does (KubeVirt's SSP operator): a Conflict is
// requeued untouched, any other failure is written to the object's status.
// Handed the failure of a write of the same object, the handler writes it
// only when that write did not conflict, so it resends no refused version.
package conflictguarded

import (
	"context"
	"fmt"
	"log"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Request is one reconcile's object and client.
type Request struct {
	Context  context.Context
	Client   client.Client
	Instance *corev1.ConfigMap
	Logger   logr.Logger
}

// preUpdateStatus marks the object as being reconciled.
func preUpdateStatus(req *Request) error {
	req.Instance.Annotations = map[string]string{"phase": "Deploying"}
	return req.Client.Status().Update(req.Context, req.Instance)
}

// handleError requeues a Conflict and records any other failure. A failed
// write of the record leaves the step's error, never nil here, to return:
// a function whose writes' failures reach its caller as another error.
func handleError(req *Request, errParam error, logger logr.Logger) (ctrl.Result, error) {
	if errParam == nil {
		return ctrl.Result{}, nil
	}
	if apierrors.IsConflict(errParam) {
		logger.Info("restarting reconciliation", "cause", errParam.Error())
		return ctrl.Result{Requeue: true}, nil
	}
	req.Instance.Annotations = map[string]string{"phase": "Degraded", "message": errParam.Error()}
	err := req.Client.Status().Update(req.Context, req.Instance)
	if err != nil {
		req.Logger.Error(err, "recording the failure")
	}
	return ctrl.Result{}, errParam
}

// logError drops a Conflict and records any other failure, losing the
// record's own failure: a silent writer.
func logError(req *Request, errParam error) {
	if apierrors.IsConflict(errParam) {
		return
	}
	req.Instance.Annotations = map[string]string{"phase": "Degraded", "message": errParam.Error()}
	if err := req.Client.Status().Update(req.Context, req.Instance); err != nil {
		log.Printf("recording the failure: %v", err)
	}
}

func Reconcile(req *Request) (ctrl.Result, error) {
	var err error
	if req.Instance.Generation != 1 {
		err = preUpdateStatus(req)
		if err != nil {
			return handleError(req, err, req.Logger) // a Conflict is requeued before any write
		}
	}
	return ctrl.Result{}, nil
}

func ReconcileLogged(req *Request) (ctrl.Result, error) {
	if err := preUpdateStatus(req); err != nil {
		logError(req, err) // a Conflict is dropped before any write
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// recordError records every failure, a Conflict too.
func recordError(req *Request, errParam error) (ctrl.Result, error) {
	req.Instance.Annotations = map[string]string{"phase": "Degraded", "message": errParam.Error()}
	if err := req.Client.Status().Update(req.Context, req.Instance); err != nil {
		log.Printf("recording the failure: %v", err)
	}
	return ctrl.Result{}, errParam
}

func ReconcileRecorded(req *Request) (ctrl.Result, error) {
	if err := preUpdateStatus(req); err != nil {
		return recordError(req, err) // want `req is written again after preUpdateStatus failed, without a re-read, so it conflicts again`
	}
	return ctrl.Result{}, nil
}

// ReconcileOther hands the handler another step's failure: after the
// status write failed with a Conflict, the handler may write it again.
func ReconcileOther(req *Request, step func() error) (ctrl.Result, error) {
	err := preUpdateStatus(req)
	if err != nil {
		return handleError(req, fmt.Errorf("step: %w", step()), req.Logger) // want `req is written again after preUpdateStatus failed, without a re-read, so it conflicts again`
	}
	return ctrl.Result{}, nil
}
