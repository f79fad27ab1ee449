// Package manager sets up the manager of package controller with a cache
// resync every 30 minutes.
package manager

import (
	"time"

	"cmdprogram/controller"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// Run builds the manager and registers the controller.
func Run() error {
	period := 30 * time.Minute
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), manager.Options{Cache: cache.Options{SyncPeriod: &period}})
	if err != nil {
		return err
	}
	if err := (&controller.Resynced{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		return err
	}
	return mgr.Start(ctrl.SetupSignalHandler())
}
