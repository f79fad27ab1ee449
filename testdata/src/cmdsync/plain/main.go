// Command plain runs package controller's Resynced on a manager that sets
// no SyncPeriod: controller-runtime's default resync, 10 hours, redoes its
// lost write (TestWholeProgramDefaultResync).
package main

import (
	"cmdprogram/controller"

	ctrl "sigs.k8s.io/controller-runtime"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{LeaderElection: true})
	if err != nil {
		panic(err)
	}
	if err := (&controller.Resynced{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		panic(err)
	}
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		panic(err)
	}
}
