// Package kargo_promotestage reduces a bug fixed in akuity/kargo.
//
//	repo:     https://github.com/akuity/kargo
//	fix:      https://github.com/akuity/kargo/pull/567 (commit b1d8c956c; issue #564, closed by the follow-up #598)
//	file:     internal/controller/promotions/promotions.go
//	function: (*reconciler).promote, called through the function-typed field promoteFn from serializedSync
//
// promote wrote the Stage status with Status().Update on a Stage read
// earlier and returned the (wrapped) Conflict; serializedSync called it
// through r.promoteFn, a field assigned only r.promote, and turned any error
// into a permanent Failed phase on the Promotion and a logrus line: "my
// promotion failed because controller failed to save successful status"
// (issue #564). Nothing retried. The fix writes the status with a merge
// patch of the changed fields, which cannot conflict.
package kargo_promotestage

import (
	"context"
	"encoding/json"

	"github.com/pkg/errors"
	log "github.com/sirupsen/logrus"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type StageState struct{ ID string }

type StageStatus struct {
	CurrentState    *StageState
	AvailableStates []StageState
}

type Stage struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status StageStatus
}

func (in *Stage) DeepCopyObject() runtime.Object { out := *in; return &out }

type PromotionSpec struct{ Stage, State string }

type PromotionStatus struct{ Phase, Error string }

type Promotion struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   PromotionSpec
	Status PromotionStatus
}

func (in *Promotion) DeepCopyObject() runtime.Object { out := *in; return &out }

// reconciler is the reconciler before the fix; fixedReconciler the same
// after it. Each assigns its promoteFn one function, as the original does.
type reconciler struct {
	kargoClient client.Client
	promoQueue  chan *Promotion

	// promoteFn is overridable for testing; production assigns r.promote.
	promoteFn func(ctx context.Context, stageName, stageNamespace, stateID string) error
}

func newReconciler(kargoClient client.Client) *reconciler {
	r := &reconciler{kargoClient: kargoClient}
	r.promoteFn = r.promoteBuggy
	return r
}

type fixedReconciler struct {
	kargoClient client.Client
	promoQueue  chan *Promotion
	promoteFn   func(ctx context.Context, stageName, stageNamespace, stateID string) error
}

func newFixedReconciler(kargoClient client.Client) *fixedReconciler {
	r := &fixedReconciler{kargoClient: kargoClient}
	r.promoteFn = r.promoteFixed
	return r
}

// serializedSync is the fixed reconciler's copy of the loop below.
func (r *fixedReconciler) serializedSync(ctx context.Context) {
	for promo := range r.promoQueue {
		logger := log.WithFields(log.Fields{"promotion": promo.Name, "namespace": promo.Namespace})
		if err := r.promoteFn(ctx, promo.Spec.Stage, promo.Namespace, promo.Spec.State); err != nil {
			promo.Status.Phase = "Failed"
			promo.Status.Error = err.Error()
			logger.Errorf("error executing Promotion: %s", err)
		} else {
			promo.Status.Phase = "Complete"
		}
	}
}

// serializedSync pops promotions and runs them (unchanged by the fix in the
// part kept here).
func (r *reconciler) serializedSync(ctx context.Context) {
	for promo := range r.promoQueue {
		logger := log.WithFields(log.Fields{"promotion": promo.Name, "namespace": promo.Namespace})
		if err := r.promoteFn(ctx, promo.Spec.Stage, promo.Namespace, promo.Spec.State); err != nil { // realbug: unretriedupdate alt "the Conflict is lost here: the func field's error becomes the Promotion's permanent Failed phase and a logrus line"
			promo.Status.Phase = "Failed"
			promo.Status.Error = err.Error()
			logger.Errorf("error executing Promotion: %s", err)
		} else {
			promo.Status.Phase = "Complete"
		}
	}
}

func (r *reconciler) getStage(ctx context.Context, key types.NamespacedName) (*Stage, error) {
	return getStage(ctx, r.kargoClient, key)
}

func getStage(ctx context.Context, c client.Client, key types.NamespacedName) (*Stage, error) {
	stage := &Stage{}
	if err := c.Get(ctx, key, stage); err != nil {
		return nil, err
	}
	return stage, nil
}

// promoteBuggy is promote before the fix.
func (r *reconciler) promoteBuggy(ctx context.Context, stageName, stageNamespace, stateID string) error {
	stage, err := r.getStage(ctx, types.NamespacedName{Namespace: stageNamespace, Name: stageName})
	if err != nil {
		return errors.Wrapf(err, "error finding Stage %q in namespace %q", stageName, stageNamespace)
	}
	nextState := StageState{ID: stateID}
	stage.Status.CurrentState = &nextState
	stage.Status.AvailableStates = append(stage.Status.AvailableStates, nextState)

	err = r.kargoClient.Status().Update(ctx, stage) // realbug: unretriedupdate
	return errors.Wrapf(err, "error updating status of Stage %q in namespace %q", stageName, stageNamespace)
}

// patchStageStatus is kubeclient.PatchStatus after the fix, for Stage: a
// merge patch of the status, which carries no resourceVersion.
func patchStageStatus(ctx context.Context, c client.Client, stage *Stage, update func(*StageStatus)) error {
	updated := stage.Status
	update(&updated)
	patch, err := json.Marshal(map[string]interface{}{"status": updated})
	if err != nil {
		return err
	}
	return c.Status().Patch(ctx, stage, client.RawPatch(types.MergePatchType, patch))
}

// promoteFixed is promote after the fix.
func (r *fixedReconciler) promoteFixed(ctx context.Context, stageName, stageNamespace, stateID string) error {
	stage, err := getStage(ctx, r.kargoClient, types.NamespacedName{Namespace: stageNamespace, Name: stageName})
	if err != nil {
		return errors.Wrapf(err, "error finding Stage %q in namespace %q", stageName, stageNamespace)
	}
	nextState := StageState{ID: stateID}
	err = patchStageStatus(ctx, r.kargoClient, stage, func(status *StageStatus) {
		status.CurrentState = &nextState
		status.AvailableStates = append(status.AvailableStates, nextState)
	})
	return errors.Wrapf(err, "error updating status of Stage %q in namespace %q", stageName, stageNamespace)
}
