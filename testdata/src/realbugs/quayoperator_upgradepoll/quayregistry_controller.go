// Package quayoperator_upgradepoll reduces a bug fixed in quay/quay-operator.
//
//	repo:     https://github.com/quay/quay-operator
//	fix:      https://github.com/quay/quay-operator/pull/496 (commit 9a556c17749125c4792ecbcacb9431a1e43d361f, PROJQUAY-2395)
//	file:     controllers/quay/quayregistry_controller.go
//	function: (*QuayRegistryReconciler).Reconcile, the goroutine that waits for the upgrade Job
//
// A goroutine polled the upgrade Job and then wrote status.currentVersion
// on the object captured before it started; a Conflict returned (true, err)
// from the poll condition, which stopped the poll, and the goroutine only
// logged the poll's error: the version was never recorded and Quay never
// finished deploying. The fix reads the registry afresh on each turn and
// returns (false, nil) on a failed write, so the next turn retries.
package quayoperator_upgradepoll

import (
	"context"
	"time"

	"github.com/go-logr/logr"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const (
	upgradePollInterval = time.Second
	upgradePollTimeout  = time.Hour
	QuayVersionCurrent  = "v3.6.0"
)

type QuayRegistrySpec struct{ Components []string }

type QuayRegistryStatus struct {
	CurrentVersion string
	Conditions     []metav1.Condition
}

type QuayRegistry struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   QuayRegistrySpec
	Status QuayRegistryStatus
}

func (in *QuayRegistry) DeepCopy() *QuayRegistry { out := *in; return &out }

func (in *QuayRegistry) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// EnsureRegistryEndpoint fills the registry endpoint in the status.
func EnsureRegistryEndpoint(quay *QuayRegistry) (*QuayRegistry, bool) { return quay, true }

// EnsureComponents adds the default components.
func EnsureComponents(components []string) []string { return components }

type QuayRegistryReconciler struct {
	Client        client.Client
	Log           logr.Logger
	EventRecorder record.EventRecorder
}

// ReconcileBuggy is the upgrade part of Reconcile before the fix.
func (r *QuayRegistryReconciler) ReconcileBuggy(ctx context.Context, req ctrl.Request, updatedQuay *QuayRegistry) (ctrl.Result, error) {
	log := r.Log
	var err error
	if updatedQuay.Status.CurrentVersion != QuayVersionCurrent {
		go func(quayRegistry *QuayRegistry) {
			err = wait.Poll(upgradePollInterval, upgradePollTimeout, func() (bool, error) {
				var upgradeJob batchv1.Job
				err = r.Client.Get(ctx, types.NamespacedName{Name: quayRegistry.GetName() + "-quay-app-upgrade", Namespace: quayRegistry.GetNamespace()}, &upgradeJob)
				if err != nil {
					log.Error(err, "could not retrieve Quay upgrade `Job`")
					return false, err
				}

				if upgradeJob.Status.Succeeded > 0 {
					updatedQuay, _ := EnsureRegistryEndpoint(updatedQuay)
					updatedQuay.Status.CurrentVersion = QuayVersionCurrent
					r.EventRecorder.Event(updatedQuay, corev1.EventTypeNormal, "HealthChecksPassing", "all registry component healthchecks passing")

					if err = r.Client.Status().Update(ctx, updatedQuay); err != nil { // realbug: unretriedupdate
						log.Error(err, "could not update QuayRegistry status with current version")
						return true, err
					}

					updatedQuay.Spec.Components = EnsureComponents(updatedQuay.Spec.Components)
					if err = r.Client.Update(ctx, updatedQuay); err != nil { // realbug: unretriedupdate alt "the spec write that follows is lost the same way"
						log.Error(err, "could not update QuayRegistry spec to complete upgrade")
						return true, err
					}
					return true, nil
				}
				return false, nil
			})
			if err != nil {
				log.Error(err, "Quay upgrade `Job` never completed")
			}
		}(updatedQuay.DeepCopy())
	}
	return ctrl.Result{}, nil
}

// ReconcileFixed is the upgrade part of Reconcile after the fix.
func (r *QuayRegistryReconciler) ReconcileFixed(ctx context.Context, req ctrl.Request, updatedQuay *QuayRegistry) (ctrl.Result, error) {
	log := r.Log
	var err error
	if updatedQuay.Status.CurrentVersion != QuayVersionCurrent {
		go func(quayRegistry *QuayRegistry) {
			err = wait.Poll(upgradePollInterval, upgradePollTimeout, func() (bool, error) {
				var upgradeJob batchv1.Job
				err = r.Client.Get(ctx, types.NamespacedName{Name: quayRegistry.GetName() + "-quay-app-upgrade", Namespace: quayRegistry.GetNamespace()}, &upgradeJob)
				if err != nil {
					log.Error(err, "could not retrieve Quay upgrade `Job`")
					return false, err
				}

				if upgradeJob.Status.Succeeded > 0 {
					var freshQuay QuayRegistry
					if err := r.Client.Get(ctx, req.NamespacedName, &freshQuay); err != nil {
						log.Error(err, "could not retrieve QuayRegistry")
						return false, err
					}
					qcopy := freshQuay.DeepCopy()

					qcopy, _ = EnsureRegistryEndpoint(qcopy)
					qcopy.Status.CurrentVersion = QuayVersionCurrent
					r.EventRecorder.Event(qcopy, corev1.EventTypeNormal, "HealthChecksPassing", "all registry component healthchecks passing")

					if err = r.Client.Status().Update(ctx, qcopy); err != nil { // realbug: unretriedupdate fp=strict "a wait.Poll condition that reads the object afresh and returns (false, nil) after a failed write is retried by the next turn, but it is not recognised as a retry scope"
						log.Error(err, "could not update QuayRegistry status with current version")
						return false, nil
					}

					qcopy.Spec.Components = EnsureComponents(qcopy.Spec.Components)
					if err = r.Client.Update(ctx, qcopy); err != nil { // realbug: unretriedupdate fp=strict "a wait.Poll condition that reads the object afresh and returns (false, nil) after a failed write is retried by the next turn, but it is not recognised as a retry scope"
						log.Error(err, "could not update QuayRegistry spec to complete upgrade")
						return false, nil
					}
					return true, nil
				}
				return false, nil
			})
			if err != nil {
				log.Error(err, "Quay upgrade `Job` never completed")
			}
		}(updatedQuay.DeepCopy())
	}
	return ctrl.Result{}, nil
}
