// Package cockroachoperator_updateclusterstatus reduces a bug fixed in
// cockroachdb/cockroach-operator.
//
//	repo:     https://github.com/cockroachdb/cockroach-operator
//	bug:      introduced by https://github.com/cockroachdb/cockroach-operator/pull/915 (commit dda0a6308b0f1c64d41e0851a5ef8cb60cd98a37)
//	fix:      https://github.com/cockroachdb/cockroach-operator/pull/976 (commit 2703ada604fbe378370dc1cbd726f73cc3d8640a)
//	file:     pkg/controller/cluster_controller.go
//	function: (*ClusterReconciler).updateClusterStatus
//
// #915 wrapped the status write in retry.RetryOnConflict to get past
// version conflicts, but the closure wrote cluster.Unwrap(), a copy of the
// object read at the start of the reconcile, without reading it again:
// every retry resent the same resourceVersion and the operator kept
// logging "the object has been modified". #976 writes a merge patch
// computed against a copy taken before the reconcile changed the object,
// which carries no resourceVersion.
package cockroachoperator_updateclusterstatus

import (
	"context"

	"github.com/go-logr/logr"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type CrdbClusterStatus struct {
	ClusterStatus string
}

type CrdbCluster struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status CrdbClusterStatus
}

func (in *CrdbCluster) DeepCopy() *CrdbCluster { out := *in; return &out }

func (in *CrdbCluster) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// Cluster is the operator's wrapper around the custom resource.
type Cluster struct {
	cr *CrdbCluster
}

// Unwrap returns a copy of the wrapped resource.
func (cluster Cluster) Unwrap() *CrdbCluster { return cluster.cr.DeepCopy() }

// SetClusterStatus computes the overall status from the conditions.
func (cluster *Cluster) SetClusterStatus() { cluster.cr.Status.ClusterStatus = "Finished" }

type ClusterReconciler struct {
	Client client.Client
}

// updateClusterStatusBuggy is updateClusterStatus as #915 wrote it.
func (r *ClusterReconciler) updateClusterStatusBuggy(ctx context.Context, log logr.Logger, cluster *Cluster) error {
	cluster.SetClusterStatus()
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		return r.Client.Status().Update(ctx, cluster.Unwrap()) // realbug: retryreget
	})
}

// updateClusterStatusFixed is updateClusterStatus after #976.
func (r *ClusterReconciler) updateClusterStatusFixed(ctx context.Context, log logr.Logger, cluster *Cluster, cleanObj *CrdbCluster) error {
	cluster.SetClusterStatus()
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		return r.Client.Status().Patch(ctx, cluster.Unwrap(), client.MergeFrom(cleanObj))
	})
}
