// Package testutil is a test helper outside _test files: it runs the
// controller on a factory that resyncs every 500 milliseconds. Only tests
// call it; the program's own factory (package app) never resyncs.
package testutil

import (
	"time"

	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"

	"cmdresyncoff/controller"
)

// Start runs the controller for a test.
func Start(cs kubernetes.Interface) *controller.Controller {
	return controller.New(cs, informers.NewSharedInformerFactory(cs, 500*time.Millisecond))
}
