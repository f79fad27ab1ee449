package testfile

import (
	"testing"

	corelisters "k8s.io/client-go/listers/core/v1"
)

func TestListerCopies(t *testing.T) {
	var lister corelisters.PodLister
	pod, err := lister.Pods("ns").Get("a")
	if err != nil {
		t.Fatal(err)
	}
	pod.Labels["changed"] = "true" // ok: a test's cache is its own
}
