package monitor

import (
	"context"
	"testing"
)

// A test runs the checks once, directly: the program still runs them
// only on a tick.
func TestFailover(t *testing.T) {
	hc := &Checker{}
	hc.failover(context.Background())
	hc.sweep(context.Background())
}
