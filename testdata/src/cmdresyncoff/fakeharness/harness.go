// Package fakeharness is test support outside _test files: it imports
// testing and a fake clientset, and runs the controller on a factory that
// resyncs every second. Such a file's factory is a test's, not the
// program's: it gives the program no resync period.
package fakeharness

import (
	"testing"
	"time"

	"k8s.io/client-go/informers"
	kubefake "k8s.io/client-go/kubernetes/fake"

	"cmdresyncoff/controller"
)

// Start runs the controller on a fake clientset for t.
func Start(t *testing.T) *controller.Controller {
	t.Helper()
	cs := kubefake.NewSimpleClientset()
	return controller.New(cs, informers.NewSharedInformerFactory(cs, time.Second))
}
