// Package strict starts the speaker's manager in the two other ways that
// end the program when Start fails: its error wrapped and returned, and
// given to runtime.Must, which panics.
package strict

import (
	"context"
	"fmt"

	"cmdprogram/speaker/bgp"

	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// Run returns the manager's error, wrapped.
func Run(ctx context.Context, mgr manager.Manager) error {
	if err := bgp.Setup(mgr); err != nil {
		return err
	}
	return fmt.Errorf("manager: %w", mgr.Start(ctx))
}

// MustRun panics when the manager stops on an error.
func MustRun(ctx context.Context, mgr manager.Manager) {
	utilruntime.Must(mgr.Start(ctx))
}
