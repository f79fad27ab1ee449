// Package speaker runs the manager in a goroutine and, like openelb's
// speaker, drops the error its Start returns: the process keeps running
// with the manager's controllers stopped.
package speaker

import (
	"context"

	"cmdprogram/speaker/bgp"

	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// Run starts mgr and waits for ctx, whatever happens to the manager.
func Run(ctx context.Context, mgr manager.Manager) error {
	if err := bgp.Setup(mgr); err != nil {
		return err
	}
	errCh := make(chan error)
	go func() {
		if err := mgr.Start(ctx); err != nil {
			errCh <- err
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-errCh:
		}
	}
}
