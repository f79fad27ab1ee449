// Package moco_slowquerylog reduces a bug fixed in cybozu-go/moco.
//
//	repo:     https://github.com/cybozu-go/moco
//	fix:      https://github.com/cybozu-go/moco/pull/908 (commit 9627520df2e608a6bf4e80063d9c851e59a7a166)
//	file:     controllers/mysqlcluster_controller_test.go
//	function: the spec "should reconcile the slow query log container" in Describe("MySQLCluster reconciler")
//
// The envtest spec read the MySQLCluster, changed its spec and updated it
// once, asserting no error with gomega, while the reconciler under test was
// writing the same object: a Conflict failed the spec (a flake). The fix
// reads and updates inside retry.RetryOnConflict.
package moco_slowquerylog

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type MySQLClusterSpec struct {
	Replicas                     int32
	DisableSlowQueryLogContainer bool
}

type MySQLCluster struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec MySQLClusterSpec
}

func (in *MySQLCluster) DeepCopyObject() runtime.Object { out := *in; return &out }
