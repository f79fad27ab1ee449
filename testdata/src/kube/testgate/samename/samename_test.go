package samename

import (
	"testing"

	"k8s.io/client-go/util/retry"
)

func TestPoll(t *testing.T) {
	_ = retry.RetryOnConflict(retry.DefaultRetry, Poll)
}
