// Package clusternetworkoperator_statusset reduces a bug fixed in
// openshift/cluster-network-operator.
//
//	repo:     https://github.com/openshift/cluster-network-operator
//	fix:      https://github.com/openshift/cluster-network-operator/pull/303 (commit d2c48b346b93f5d559074ce1d4b9dab424de3aad, Bugzilla 1737026)
//	file:     pkg/controller/statusmanager/status_manager.go
//	function: (*StatusManager).set
//
// The status manager read the ClusterOperator, set conditions and wrote the
// status; set has no error result and passed a failure only to the
// standard library's log.Printf, so a Conflict ("the object has been
// modified") left the operator's reported status stale. The fix runs the
// whole read-modify-write inside retry.RetryOnConflict.
package clusternetworkoperator_statusset

import (
	"context"
	"log"
	"reflect"

	"k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type ClusterOperatorStatusCondition struct {
	Type   string
	Status string
	Reason string
}

type ClusterOperatorStatus struct {
	Conditions     []ClusterOperatorStatusCondition
	RelatedObjects []string
}

type ClusterOperator struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status ClusterOperatorStatus
}

func (in *ClusterOperator) DeepCopyObject() runtime.Object { out := *in; return &out }

func (in *ClusterOperatorStatus) DeepCopy() *ClusterOperatorStatus { out := *in; return &out }

// SetStatusCondition sets or replaces the condition of its type.
func SetStatusCondition(conditions *[]ClusterOperatorStatusCondition, c ClusterOperatorStatusCondition) {
	for i := range *conditions {
		if (*conditions)[i].Type == c.Type {
			(*conditions)[i] = c
			return
		}
	}
	*conditions = append(*conditions, c)
}

type StatusManager struct {
	client         client.Client
	name           string
	relatedObjects []string
}

// setBuggy is set before the fix.
func (status *StatusManager) setBuggy(conditions ...ClusterOperatorStatusCondition) {
	co := &ClusterOperator{ObjectMeta: metav1.ObjectMeta{Name: status.name}}
	err := status.client.Get(context.TODO(), types.NamespacedName{Name: status.name}, co)
	isNotFound := errors.IsNotFound(err)
	if err != nil && !isNotFound {
		log.Printf("Failed to get ClusterOperator %q: %v", status.name, err)
		return
	}

	oldStatus := co.Status.DeepCopy()
	co.Status.RelatedObjects = status.relatedObjects
	for _, condition := range conditions {
		SetStatusCondition(&co.Status.Conditions, condition)
	}
	if reflect.DeepEqual(*oldStatus, co.Status) {
		return
	}

	if isNotFound {
		if err := status.client.Create(context.TODO(), co); err != nil {
			log.Printf("Failed to create ClusterOperator %q: %v", co.Name, err)
		} else {
			log.Printf("Created ClusterOperator")
		}
	} else {
		err = status.client.Status().Update(context.TODO(), co) // realbug: unretriedupdate
		if err != nil {
			log.Printf("Failed to update ClusterOperator %q: %v", co.Name, err)
		} else {
			log.Printf("Updated ClusterOperator")
		}
	}
}

// setFixed is set after the fix.
func (status *StatusManager) setFixed(conditions ...ClusterOperatorStatusCondition) {
	err := retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		co := &ClusterOperator{ObjectMeta: metav1.ObjectMeta{Name: status.name}}
		err := status.client.Get(context.TODO(), types.NamespacedName{Name: status.name}, co)
		isNotFound := errors.IsNotFound(err)
		if err != nil && !isNotFound {
			return err
		}

		oldStatus := co.Status.DeepCopy()
		co.Status.RelatedObjects = status.relatedObjects
		for _, condition := range conditions {
			SetStatusCondition(&co.Status.Conditions, condition)
		}
		if reflect.DeepEqual(*oldStatus, co.Status) {
			return nil
		}

		if isNotFound {
			if err := status.client.Create(context.TODO(), co); err != nil {
				return err
			}
			log.Printf("Created ClusterOperator")
			return nil
		}
		if err := status.client.Status().Update(context.TODO(), co); err != nil {
			return err
		}
		log.Printf("Updated ClusterOperator")
		return nil
	})
	if err != nil {
		log.Printf("Failed to set ClusterOperator: %v", err)
	}
}
