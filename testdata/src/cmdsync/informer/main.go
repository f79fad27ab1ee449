// Command informer builds a manager without a SyncPeriod beside an
// informer factory whose period is a flag: which informers feed which
// controller is not followed, so no period is assumed for any of them and
// the lost write stays lost for good.
package main

import (
	"flag"

	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"

	"cmdprogram/controller"

	ctrl "sigs.k8s.io/controller-runtime"
)

func main() {
	resync := flag.Duration("resync", 0, "informer resync period")
	flag.Parse()
	var cs kubernetes.Interface
	_ = informers.NewSharedInformerFactory(cs, *resync)
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
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
