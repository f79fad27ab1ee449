package helpers

import (
	"context"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

func testRelabelTwice(t *testing.T, k kubernetes.Interface) {
	pod := newPodFixture()
	if _, err := k.CoreV1().Pods("ns").Update(context.Background(), pod, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	pod.Labels["again"] = "yes"
	if _, err := k.CoreV1().Pods("ns").Update(context.Background(), pod, metav1.UpdateOptions{}); err != nil { // ok: test files are left out (fixtures and fake clientsets)
		t.Fatal(err)
	}
}
