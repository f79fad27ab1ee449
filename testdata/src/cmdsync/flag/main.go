// Command flag sets the manager's SyncPeriod from a flag whose default
// is 0: unless the user passes a period there is no resync, so the lost
// write stays lost for good.
package main

import (
	"flag"

	"cmdprogram/controller"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
)

func main() {
	period := flag.Duration("sync-period", 0, "resync period")
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
