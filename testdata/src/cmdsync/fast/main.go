// Command fast builds an informer factory that resyncs every 30 seconds
// and runs none of package controller: loaded beside plain, it does not
// make plain's controllers resync sooner than their manager's default
// (TestWholeProgramDefaultResync).
package main

import (
	"time"

	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
)

func main() {
	var cs kubernetes.Interface
	factory := informers.NewSharedInformerFactory(cs, 30*time.Second)
	factory.Start(nil)
}
