// Command flagreset binds the resync to a flag, then may take another
// period from the environment: the variable has no one value for the
// run, so no period is assumed and the lost write stays lost for good.
package main

import (
	"flag"
	"os"
	"time"

	"cmdprogram/controller"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
)

func main() {
	var resyncHours int
	flag.IntVar(&resyncHours, "resync-period", 2, "resync period in hours")
	flag.Parse()
	if os.Getenv("FAST_RESYNC") != "" {
		resyncHours = 0
	}
	resync := time.Duration(resyncHours) * time.Hour
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Cache: cache.Options{SyncPeriod: &resync}})
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
