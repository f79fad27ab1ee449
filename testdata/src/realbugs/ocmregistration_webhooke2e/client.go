// Package ocmregistration_webhooke2e reduces a bug fixed in
// open-cluster-management-io/registration.
//
//	repo:     https://github.com/open-cluster-management-io/registration
//	fix:      https://github.com/open-cluster-management-io/registration/pull/46 (commit 0a74648f0fcd2754511b036a36cf950068c0954d)
//	file:     test/e2e/webhook_test.go
//	function: the spec "Should respond bad request when updating a managed cluster with invalid external server URLs"
//
// The e2e spec read the ManagedCluster once, changed it, and retried only
// the Update under retry.RetryOnConflict: the registration controller
// writes the same object, and every retry resent the stale
// resourceVersion, so the spec failed with a Conflict instead of the
// webhook's answer. The fix moves the Get and the change into the closure.
package ocmregistration_webhooke2e

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type ClientConfig struct{ URL string }

type ManagedClusterSpec struct {
	ManagedClusterClientConfigs []ClientConfig
	HubAcceptsClient            bool
}

type ManagedCluster struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec ManagedClusterSpec
}

func (in *ManagedCluster) DeepCopyObject() runtime.Object { out := *in; return &out }

// ManagedClusterInterface is the generated typed client (cluster-scoped).
type ManagedClusterInterface interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*ManagedCluster, error)
	Update(ctx context.Context, managedCluster *ManagedCluster, opts metav1.UpdateOptions) (*ManagedCluster, error)
}

type ClusterV1Interface interface {
	ManagedClusters() ManagedClusterInterface
}

type Interface interface {
	ClusterV1() ClusterV1Interface
}
