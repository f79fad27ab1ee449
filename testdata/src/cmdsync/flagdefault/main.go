// Command flagdefault binds the manager's resync, in hours, to a flag
// with a default: unless the user passes another, the controllers resync
// every two hours.
package main

import (
	"flag"
	"time"

	"cmdprogram/controller"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
)

func main() {
	var resyncHours int
	flag.IntVar(&resyncHours, "resync-period", 2, "resync period in hours")
	flag.Parse()
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
