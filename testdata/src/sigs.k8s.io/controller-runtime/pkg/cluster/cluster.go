// Package cluster is a test stub of sigs.k8s.io/controller-runtime/pkg/cluster.
package cluster

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/recorder"
)

// Cluster gives access to one API server.
type Cluster interface {
	recorder.Provider
	GetConfig() *rest.Config
	GetScheme() *runtime.Scheme
	GetClient() client.Client
	GetFieldIndexer() client.FieldIndexer
	GetRESTMapper() meta.RESTMapper
	GetAPIReader() client.Reader
	Start(ctx context.Context) error
}
