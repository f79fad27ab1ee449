// Package setup builds the manager's options for the controllers of
// consequence/controllers: the resync it sets up reaches them as a fact.
package setup

import (
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
)

// ManagerOptions reconciles every watched object again every ten minutes.
func ManagerOptions() ctrl.Options {
	syncPeriod := 10 * time.Minute
	return ctrl.Options{Cache: cache.Options{SyncPeriod: &syncPeriod}}
}
