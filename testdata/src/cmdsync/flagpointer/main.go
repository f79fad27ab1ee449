// Command flagpointer hands the manager the pointer a duration flag
// returns: its default, half an hour, is the resync unless the user
// passes another.
package main

import (
	"flag"
	"time"

	"cmdprogram/controller"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
)

func main() {
	period := flag.Duration("sync-period", 30*time.Minute, "resync period")
	flag.Parse()
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Cache: cache.Options{SyncPeriod: period}})
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
