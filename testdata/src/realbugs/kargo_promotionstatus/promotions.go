// Package kargo_promotionstatus reduces a second bug fixed by the same
// change in akuity/kargo.
//
//	repo:     https://github.com/akuity/kargo
//	fix:      https://github.com/akuity/kargo/pull/567 (commit b1d8c956c; issue #564, closed by the follow-up #598)
//	file:     internal/controller/promotions/promotions.go
//	function: (*reconciler).serializedSync
//
// The ticker loop that runs queued promotions wrote the Promotion's final
// phase with Status().Update and passed a failure only to a logrus Entry's
// Errorf; the promotion had been popped from its queue, so no later turn
// wrote it again and the Promotion stayed Pending. The fix writes the phase
// with a merge patch of the changed fields.
package kargo_promotionstatus

import (
	"context"
	"encoding/json"
	"time"

	log "github.com/sirupsen/logrus"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type PromotionSpec struct{ Stage, State string }

type PromotionStatus struct{ Phase, Error string }

type Promotion struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   PromotionSpec
	Status PromotionStatus
}

func (in *Promotion) DeepCopyObject() runtime.Object { out := *in; return &out }

// promoQueue is kargo's per-stage priority queue of promotions.
type promoQueue interface {
	Pop() interface{}
}

type reconciler struct {
	kargoClient        client.Client
	promoQueuesByStage map[types.NamespacedName]promoQueue
	promoteFn          func(ctx context.Context, stageName, stageNamespace, stateID string) error
}

func (r *reconciler) getPromo(ctx context.Context, key types.NamespacedName) (*Promotion, error) {
	promo := &Promotion{}
	if err := r.kargoClient.Get(ctx, key, promo); err != nil {
		return nil, err
	}
	return promo, nil
}

// serializedSyncBuggy is serializedSync before the fix.
func (r *reconciler) serializedSyncBuggy(ctx context.Context, interval time.Duration) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		select {
		case <-ticker.C:
		case <-ctx.Done():
			return
		}
		for _, pq := range r.promoQueuesByStage {
			if popped := pq.Pop(); popped != nil {
				promo := popped.(*Promotion)
				logger := log.WithFields(log.Fields{"promotion": promo.Name, "namespace": promo.Namespace})

				var err error
				if promo, err = r.getPromo(ctx, types.NamespacedName{Namespace: promo.Namespace, Name: promo.Name}); err != nil {
					logger.Error("error finding Promotion")
					continue
				}
				if promo == nil || promo.Status.Phase != "Pending" {
					continue
				}

				if err = r.promoteFn(ctx, promo.Spec.Stage, promo.Namespace, promo.Spec.State); err != nil {
					promo.Status.Phase = "Failed"
					promo.Status.Error = err.Error()
					logger.Errorf("error executing Promotion: %s", err)
				} else {
					promo.Status.Phase = "Complete"
					promo.Status.Error = ""
				}

				if err = r.kargoClient.Status().Update(ctx, promo); err != nil { // realbug: unretriedupdate
					logger.Errorf("error updating Promotion status: %s", err)
				}
			}
		}
	}
}

// patchPromotionStatus is kubeclient.PatchStatus after the fix.
func patchPromotionStatus(ctx context.Context, c client.Client, promo *Promotion, update func(*PromotionStatus)) error {
	updated := promo.Status
	update(&updated)
	patch, err := json.Marshal(map[string]interface{}{"status": updated})
	if err != nil {
		return err
	}
	return c.Status().Patch(ctx, promo, client.RawPatch(types.MergePatchType, patch))
}

// serializedSyncFixed is serializedSync after the fix.
func (r *reconciler) serializedSyncFixed(ctx context.Context, interval time.Duration) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		select {
		case <-ticker.C:
		case <-ctx.Done():
			return
		}
		for _, pq := range r.promoQueuesByStage {
			if popped := pq.Pop(); popped != nil {
				promo := popped.(*Promotion)
				logger := log.WithFields(log.Fields{"promotion": promo.Name, "namespace": promo.Namespace})

				var err error
				if promo, err = r.getPromo(ctx, types.NamespacedName{Namespace: promo.Namespace, Name: promo.Name}); err != nil {
					logger.Error("error finding Promotion")
					continue
				}
				if promo == nil || promo.Status.Phase != "Pending" {
					continue
				}

				phase, phaseError := "Complete", ""
				if err = r.promoteFn(ctx, promo.Spec.Stage, promo.Namespace, promo.Spec.State); err != nil {
					phase, phaseError = "Failed", err.Error()
					logger.Errorf("error executing Promotion: %s", err)
				}

				if err = patchPromotionStatus(ctx, r.kargoClient, promo, func(status *PromotionStatus) {
					status.Phase = phase
					status.Error = phaseError
				}); err != nil {
					logger.Errorf("error updating Promotion status: %s", err)
				}
			}
		}
	}
}
