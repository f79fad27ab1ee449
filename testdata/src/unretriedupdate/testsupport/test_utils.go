package testsupport

import (
	"context"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kubefake "k8s.io/client-go/kubernetes/fake"
)

// newTestController builds the controller on a fake clientset, whose
// tracker never answers Conflict.
func newTestController() *Controller {
	return &Controller{kube: kubefake.NewSimpleClientset()}
}

// fakeInUse is volcano's sharding test helper (test_utils.go): a write
// whose error is dropped, in a file only tests use.
func fakeInUse(t *testing.T, c *Controller, name string) {
	cm, err := c.kube.CoreV1().ConfigMaps("ns").Get(context.TODO(), name, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cm.Data = map[string]string{"inUse": "true"}
	c.kube.CoreV1().ConfigMaps("ns").Update(context.TODO(), cm, metav1.UpdateOptions{}) // ok: test support, a fake clientset
}

var _ = newTestController
var _ = fakeInUse
