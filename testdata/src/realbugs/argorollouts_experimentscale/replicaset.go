// Package argorollouts_experimentscale reduces a bug fixed in
// argoproj/argo-rollouts.
//
//	repo:     https://github.com/argoproj/argo-rollouts
//	fix:      https://github.com/argoproj/argo-rollouts/pull/1778 (commit b0ae59adb3cd59a9575d034f17f1f2ed615c44d3)
//	file:     experiments/replicaset.go, called from experiments/experiment.go
//	function: (*experimentContext).scaleReplicaSetAndRecordEvent, from scaleTemplateRS in the experiment's reconcile
//
// Scaling an experiment template's ReplicaSet is a whole-object Update. A
// Conflict (the ReplicaSet controller writes the ReplicaSet's status all
// the time) went back to scaleTemplateRS, which has no error result and
// turned it into the template's status: Error, with the message "Unable to
// scale ReplicaSet". The experiment then failed for good instead of trying
// again ("TODO: gracefully handle conflict issues"). The fix enqueues the
// experiment again after a second on a Conflict and reports no error.
package argorollouts_experimentscale

import (
	"context"
	"fmt"
	"time"

	log "github.com/sirupsen/logrus"
	appsv1 "k8s.io/api/apps/v1"
	k8serrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes"
)

type TemplateStatusCode string

const TemplateStatusError TemplateStatusCode = "Error"

type TemplateStatus struct {
	Name    string
	Status  TemplateStatusCode
	Message string
}

type Experiment struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Experiment) DeepCopyObject() runtime.Object { out := *in; return &out }

// EventRecorder is the project's event recorder (utils/record).
type EventRecorder interface {
	Eventf(object runtime.Object, reason string, messageFmt string, args ...interface{})
	Warnf(object runtime.Object, reason string, messageFmt string, args ...interface{})
}

type experimentContext struct {
	ex                     *Experiment
	templateRSs            map[string]*appsv1.ReplicaSet
	kubeclientset          kubernetes.Interface
	recorder               EventRecorder
	enqueueExperimentAfter func(obj interface{}, duration time.Duration)
	log                    *log.Entry
}

func (ec *experimentContext) scaleReplicaSet(rs *appsv1.ReplicaSet, newScale int32, scalingOperation string) (bool, *appsv1.ReplicaSet, error) {
	ctx := context.TODO()
	oldScale := *(rs.Spec.Replicas)
	sizeNeedsUpdate := oldScale != newScale
	scaled := false
	var err error
	if sizeNeedsUpdate {
		rsCopy := rs.DeepCopy()
		*(rsCopy.Spec.Replicas) = newScale
		rs, err = ec.kubeclientset.AppsV1().ReplicaSets(rsCopy.Namespace).Update(ctx, rsCopy, metav1.UpdateOptions{}) // realbug: unretriedupdate alt "strict mode reports the shared scaling helper's own write"
		if err == nil && sizeNeedsUpdate {
			scaled = true
			ec.recorder.Eventf(ec.ex, "ScalingReplicaSet", "Scaled %s ReplicaSet %s from %d to %d", scalingOperation, rs.Name, oldScale, newScale)
		}
	}
	return scaled, rs, err
}

// scaleReplicaSetAndRecordEventBuggy is scaleReplicaSetAndRecordEvent
// before the fix.
func (ec *experimentContext) scaleReplicaSetAndRecordEventBuggy(rs *appsv1.ReplicaSet, newScale int32) (bool, *appsv1.ReplicaSet, error) {
	if *(rs.Spec.Replicas) == newScale {
		return false, rs, nil
	}
	scalingOperation := "down"
	if *(rs.Spec.Replicas) < newScale {
		scalingOperation = "up"
	}
	scaled, newRS, err := ec.scaleReplicaSet(rs, newScale, scalingOperation)
	if err != nil {
		// TODO(jessesuen): gracefully handle conflict issues
		msg := fmt.Sprintf("Failed to scale %s %s: %v", rs.Name, scalingOperation, err)
		ec.recorder.Warnf(ec.ex, "ReplicaSetUpdateError", msg)
	} else {
		ec.log.Infof("Scaled %s ReplicaSet %s from %d to %d", scalingOperation, rs.Name, *(rs.Spec.Replicas), newScale)
	}
	return scaled, newRS, err
}

// scaleReplicaSetAndRecordEventFixed is scaleReplicaSetAndRecordEvent
// after the fix.
func (ec *experimentContext) scaleReplicaSetAndRecordEventFixed(rs *appsv1.ReplicaSet, newScale int32) (bool, *appsv1.ReplicaSet, error) {
	if *(rs.Spec.Replicas) == newScale {
		return false, rs, nil
	}
	scalingOperation := "down"
	if *(rs.Spec.Replicas) < newScale {
		scalingOperation = "up"
	}
	scaled, newRS, err := ec.scaleReplicaSet(rs, newScale, scalingOperation)
	if err != nil {
		if k8serrors.IsConflict(err) {
			ec.log.Warnf("Retrying scaling of ReplicaSet '%s': %s", rs.Name, err)
			ec.enqueueExperimentAfter(ec.ex, time.Second)
			return false, nil, nil
		}
		msg := fmt.Sprintf("Failed to scale %s %s: %v", rs.Name, scalingOperation, err)
		ec.recorder.Warnf(ec.ex, "ReplicaSetUpdateError", msg)
	} else {
		ec.log.Infof("Scaled %s ReplicaSet %s from %d to %d", scalingOperation, rs.Name, *(rs.Spec.Replicas), newScale)
	}
	return scaled, newRS, err
}

// scaleTemplateRSBuggy is scaleTemplateRS (experiments/experiment.go),
// calling the helper before the fix (the scale-down delay is left out).
func (ec *experimentContext) scaleTemplateRSBuggy(rs *appsv1.ReplicaSet, templateName string, templateStatus *TemplateStatus, desiredReplicaCount int32) {
	if desiredReplicaCount != 0 {
		updatedRS, err := ec.kubeclientset.AppsV1().ReplicaSets(ec.ex.Namespace).Get(context.TODO(), rs.Name, metav1.GetOptions{})
		if err != nil {
			ec.log.Warnf("Unable to get updated rs '%s'", rs.Name)
		} else {
			ec.templateRSs[templateName] = updatedRS
		}
		rs = updatedRS
	}
	_, _, err := ec.scaleReplicaSetAndRecordEventBuggy(rs, desiredReplicaCount) // realbug: unretriedupdate
	if err != nil {
		templateStatus.Status = TemplateStatusError
		templateStatus.Message = fmt.Sprintf("Unable to scale ReplicaSet for template '%s' to desired replica count '%v': %v", templateStatus.Name, desiredReplicaCount, err)
	}
}

// scaleTemplateRSFixed is scaleTemplateRS calling the fixed helper.
func (ec *experimentContext) scaleTemplateRSFixed(rs *appsv1.ReplicaSet, templateName string, templateStatus *TemplateStatus, desiredReplicaCount int32) {
	if desiredReplicaCount != 0 {
		updatedRS, err := ec.kubeclientset.AppsV1().ReplicaSets(ec.ex.Namespace).Get(context.TODO(), rs.Name, metav1.GetOptions{})
		if err != nil {
			ec.log.Warnf("Unable to get updated rs '%s'", rs.Name)
		} else {
			ec.templateRSs[templateName] = updatedRS
		}
		rs = updatedRS
	}
	_, _, err := ec.scaleReplicaSetAndRecordEventFixed(rs, desiredReplicaCount)
	if err != nil {
		templateStatus.Status = TemplateStatusError
		templateStatus.Message = fmt.Sprintf("Unable to scale ReplicaSet for template '%s' to desired replica count '%v': %v", templateStatus.Name, desiredReplicaCount, err)
	}
}
