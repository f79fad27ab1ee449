// Package controller calls handlers' helpers, known by their facts.
package controller

import (
	"fmt"

	ctrl "sigs.k8s.io/controller-runtime"

	"staleupdate/silent/guardacross/handlers"
)

func Reconcile(req *handlers.Request) (ctrl.Result, error) {
	if err := handlers.MarkDeploying(req); err != nil {
		return handlers.HandleError(req, err) // a Conflict is requeued before any write
	}
	return ctrl.Result{}, nil
}

func ReconcileLogged(req *handlers.Request) (ctrl.Result, error) {
	if err := handlers.MarkDeploying(req); err != nil {
		handlers.LogError(req, err) // a Conflict is dropped before any write
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// ReconcileOther hands the helper another error than the write's.
func ReconcileOther(req *handlers.Request, step func() error) (ctrl.Result, error) {
	if err := handlers.MarkDeploying(req); err != nil {
		handlers.LogError(req, fmt.Errorf("step: %w", step())) // want `req is written again after handlers.MarkDeploying failed, without a re-read, so it conflicts again`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Again calls the helper again after it failed: a package whose writes
// are all another package's helpers is followed too.
func Again(req *handlers.Request) error {
	if err := handlers.MarkDeploying(req); err != nil {
		return handlers.MarkDeploying(req) // want `req is written again after handlers.MarkDeploying failed`
	}
	return nil
}
