// Package manager is a test stub of sigs.k8s.io/controller-runtime/pkg/manager.
package manager

import (
	"context"
	"sigs.k8s.io/controller-runtime/pkg/cache"

	"github.com/go-logr/logr"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/cluster"
)

// Manager runs controllers against a cluster.
type Manager interface {
	cluster.Cluster
	Add(Runnable) error
	Elected() <-chan struct{}
	Start(ctx context.Context) error
	GetLogger() logr.Logger
}

// Options configures New.
type Options struct {
	Scheme                 *runtime.Scheme
	LeaderElection         bool
	LeaderElectionID       string
	HealthProbeBindAddress string
	Cache                  cache.Options
}

// Runnable is something the manager starts.
type Runnable interface {
	Start(context.Context) error
}

// RunnableFunc adapts a function to Runnable.
type RunnableFunc func(context.Context) error

// Start calls r.
func (r RunnableFunc) Start(ctx context.Context) error { return r(ctx) }

// New returns a manager for config.
func New(config *rest.Config, options Options) (Manager, error) { return nil, nil }
