// Package app sets the program up: its factory never resyncs (period 0).
package app

import (
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"

	"cmdresyncoff/controller"
)

// Run starts the controller.
func Run(cs kubernetes.Interface) {
	controller.New(cs, informers.NewSharedInformerFactory(cs, 0))
}
