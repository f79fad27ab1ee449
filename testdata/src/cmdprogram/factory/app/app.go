// Package app sets the program up: a factory resynced every 45 minutes,
// through package informers' helper.
package app

import (
	"time"

	"k8s.io/client-go/kubernetes"

	"cmdprogram/factory/controller"
	"cmdprogram/factory/informers"
)

// Run starts the controller.
func Run(cs kubernetes.Interface) {
	factory := informers.NewFactory(cs, 45*time.Minute)
	controller.New(cs, factory)
}
