// Package appstudio_componentconditions reduces a bug fixed in
// redhat-appstudio/application-service.
//
//	repo:     https://github.com/redhat-appstudio/application-service
//	fix:      https://github.com/redhat-appstudio/application-service/pull/304 (commit b766bf7b930a5cdc63d249ef69cfd653f555877c, DEVHAS-310)
//	file:     controllers/component_controller_conditions.go
//	function: (*ComponentReconciler).SetCreateConditionAndUpdateCR
//
// The helper set the Created condition and wrote the Component's status;
// it had no error result and only logged a failure with logr, so after a
// Conflict (the image controller writes the same Component) the reconcile
// ended successfully and the Component could stay stuck. The fix re-reads
// the Component, re-applies the status and writes once more, and returns
// the error so the reconcile requeues.
package appstudio_componentconditions

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type ComponentStatus struct {
	Conditions     []metav1.Condition
	Devfile        string
	ContainerImage string
}

type Component struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status ComponentStatus
}

func (in *Component) DeepCopyObject() runtime.Object { out := *in; return &out }

type ComponentReconciler struct {
	Client client.Client
}

func createdCondition(createError error) metav1.Condition {
	if createError == nil {
		return metav1.Condition{Type: "Created", Status: metav1.ConditionTrue, Reason: "OK", Message: "Component has been successfully created"}
	}
	return metav1.Condition{Type: "Created", Status: metav1.ConditionFalse, Reason: "Error", Message: fmt.Sprintf("Component create failed: %v", createError)}
}

// SetCreateConditionAndUpdateCRBuggy is SetCreateConditionAndUpdateCR
// before the fix.
func (r *ComponentReconciler) SetCreateConditionAndUpdateCRBuggy(ctx context.Context, req ctrl.Request, component *Component, createError error) {
	log := ctrl.LoggerFrom(ctx)

	meta.SetStatusCondition(&component.Status.Conditions, createdCondition(createError))

	err := r.Client.Status().Update(ctx, component) // realbug: unretriedupdate
	if err != nil {
		log.Error(err, "Unable to update Component")
	}
}

// SetCreateConditionAndUpdateCRFixed is SetCreateConditionAndUpdateCR
// after the fix.
func (r *ComponentReconciler) SetCreateConditionAndUpdateCRFixed(ctx context.Context, req ctrl.Request, component *Component, createError error) error {
	log := ctrl.LoggerFrom(ctx)

	condition := createdCondition(createError)
	meta.SetStatusCondition(&component.Status.Conditions, condition)

	err := r.Client.Status().Update(ctx, component) // realbug: unretriedupdate fp=strict "by design strict mode reports every write outside a retry scope; the fix re-reads and writes once more, then returns the error for a requeue"
	if err != nil {
		// Retry once on the live object, and if it still fails return the error.
		curComponent := &Component{}
		err := r.Client.Get(ctx, req.NamespacedName, curComponent)
		if err != nil {
			return err
		}
		curComponent.Status.Devfile = component.Status.Devfile
		curComponent.Status.ContainerImage = component.Status.ContainerImage
		meta.SetStatusCondition(&curComponent.Status.Conditions, condition)

		err = r.Client.Status().Update(ctx, curComponent) // realbug: unretriedupdate fp=strict "by design strict mode reports every write outside a retry scope; the fix returns this error for a requeue"
		if err != nil {
			log.Error(err, "Unable to update Component")
		}
		return err
	}
	return nil
}
