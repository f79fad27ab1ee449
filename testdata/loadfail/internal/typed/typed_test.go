package typed_test

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"

	"example.com/loadfail/internal/typed"
)

func TestTouchNeedsClient(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Touch without a client did not panic")
		}
	}()
	_ = typed.Touch(context.Background(), nil, &corev1.ConfigMap{})
}
