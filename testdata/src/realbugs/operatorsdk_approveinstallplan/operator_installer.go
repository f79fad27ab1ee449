// Package operatorsdk_approveinstallplan reduces a bug fixed in
// operator-framework/operator-sdk.
//
//	repo:     https://github.com/operator-framework/operator-sdk
//	fix:      https://github.com/operator-framework/operator-sdk/pull/4370 (commit 5cf861d662dcf1e8239f4bf50bdc2497633054ed; a first attempt, PR 4309, changed %v to %w; issue 4308)
//	file:     internal/olm/operator/registry/operator_installer.go
//	function: (OperatorInstaller).approveInstallPlan, from InstallOperator (`operator-sdk run packagemanifests` and `run bundle`)
//
// The CLI approved the InstallPlan by re-reading it and setting Approved
// inside retry.RetryOnConflict, but the closure returned the Update's error
// rewrapped with fmt.Errorf and %v, so IsConflict was false and a Conflict
// (OLM writes the InstallPlan's status at the same time) ended the retry
// and the command: "Failed to run packagemanifests: error approving install
// plan: ... the object has been modified". Wrapping with %w (PR 4309) did
// not fix it with the apimachinery of the time, which did not unwrap; the
// fix returns the Update's error as it is.
package operatorsdk_approveinstallplan

import (
	"context"
	"fmt"

	log "github.com/sirupsen/logrus"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type InstallPlanSpec struct {
	Approved bool
}

type InstallPlan struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec InstallPlanSpec
}

func (in *InstallPlan) DeepCopyObject() runtime.Object { out := *in; return &out }

type InstallPlanReference struct {
	Name      string
	Namespace string
}

type SubscriptionStatus struct {
	InstallPlanRef *InstallPlanReference
}

type Subscription struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status SubscriptionStatus
}

func (in *Subscription) DeepCopyObject() runtime.Object { out := *in; return &out }

type Configuration struct {
	Client client.Client
}

type OperatorInstaller struct {
	cfg *Configuration
}

// approveInstallPlanBuggy is approveInstallPlan before the fix.
func (o OperatorInstaller) approveInstallPlanBuggy(ctx context.Context, sub *Subscription) error {
	ip := InstallPlan{}
	ipKey := types.NamespacedName{
		Name:      sub.Status.InstallPlanRef.Name,
		Namespace: sub.Status.InstallPlanRef.Namespace,
	}

	if err := retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		if err := o.cfg.Client.Get(ctx, ipKey, &ip); err != nil {
			return fmt.Errorf("error getting install plan: %v", err)
		}
		// approve the install plan by setting Approved to true
		ip.Spec.Approved = true
		if err := o.cfg.Client.Update(ctx, &ip); err != nil {
			return fmt.Errorf("error approving install plan: %v", err) // realbug: retryreget
		}
		return nil
	}); err != nil {
		return err
	}

	log.Infof("Approved InstallPlan %s for the Subscription: %s", ipKey.Name, sub.Name)
	return nil
}

// approveInstallPlanFixed is approveInstallPlan after the fix.
func (o OperatorInstaller) approveInstallPlanFixed(ctx context.Context, sub *Subscription) error {
	ip := InstallPlan{}
	ipKey := types.NamespacedName{
		Name:      sub.Status.InstallPlanRef.Name,
		Namespace: sub.Status.InstallPlanRef.Namespace,
	}

	if err := retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		if err := o.cfg.Client.Get(ctx, ipKey, &ip); err != nil {
			return fmt.Errorf("error getting install plan: %v", err)
		}
		// approve the install plan by setting Approved to true
		ip.Spec.Approved = true
		return o.cfg.Client.Update(ctx, &ip)
	}); err != nil {
		return err
	}

	log.Infof("Approved InstallPlan %s for the Subscription: %s", ipKey.Name, sub.Name)
	return nil
}

// InstallOperator is the caller, unchanged by the fix but for the helper.
func (o OperatorInstaller) InstallOperator(ctx context.Context, fixed bool) error {
	subscription := &Subscription{Status: SubscriptionStatus{InstallPlanRef: &InstallPlanReference{Name: "install-1", Namespace: "default"}}}
	var err error
	if fixed {
		err = o.approveInstallPlanFixed(ctx, subscription)
	} else {
		err = o.approveInstallPlanBuggy(ctx, subscription)
	}
	if err != nil {
		return fmt.Errorf("error approving install plan: %v", err)
	}
	return nil
}
