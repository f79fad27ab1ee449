// Package controller is a test stub of sigs.k8s.io/controller-runtime/pkg/controller.
package controller

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// Options configures a controller.
type Options struct {
	MaxConcurrentReconciles int
	Reconciler              reconcile.Reconciler
}

// Controller runs a reconciler on the events of its watches.
type Controller interface {
	Watch(src source.Source) error
	Start(ctx context.Context) error
}

// New returns a controller registered with mgr.
func New(name string, mgr manager.Manager, options Options) (Controller, error) {
	return nil, nil
}
