// Package controllerutil is a test stub of
// sigs.k8s.io/controller-runtime/pkg/controller/controllerutil.
package controllerutil

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// OperationResult says what CreateOrUpdate or CreateOrPatch did.
type OperationResult string

// The operation results.
const (
	OperationResultNone              OperationResult = "unchanged"
	OperationResultCreated           OperationResult = "created"
	OperationResultUpdated           OperationResult = "updated"
	OperationResultUpdatedStatus     OperationResult = "updatedStatus"
	OperationResultUpdatedStatusOnly OperationResult = "updatedStatusOnly"
)

// MutateFn sets the desired state on an object.
type MutateFn func() error

// OwnerReferenceOption adjusts an owner reference.
type OwnerReferenceOption func(*metav1.OwnerReference)

// CreateOrUpdate reads obj, runs f, then creates obj or updates it if f changed it.
func CreateOrUpdate(ctx context.Context, c client.Client, obj client.Object, f MutateFn) (OperationResult, error) {
	return OperationResultNone, nil
}

// CreateOrPatch reads obj, runs f, then creates obj or patches what f changed.
func CreateOrPatch(ctx context.Context, c client.Client, obj client.Object, f MutateFn) (OperationResult, error) {
	return OperationResultNone, nil
}

// SetControllerReference makes owner the controller of controlled.
func SetControllerReference(owner, controlled metav1.Object, scheme *runtime.Scheme, opts ...OwnerReferenceOption) error {
	return nil
}

// SetOwnerReference adds owner to object's owner references.
func SetOwnerReference(owner, object metav1.Object, scheme *runtime.Scheme, opts ...OwnerReferenceOption) error {
	return nil
}

// AddFinalizer adds finalizer and reports whether the list changed.
func AddFinalizer(o client.Object, finalizer string) (finalizersUpdated bool) { return false }

// RemoveFinalizer removes finalizer and reports whether the list changed.
func RemoveFinalizer(o client.Object, finalizer string) (finalizersUpdated bool) { return false }

// ContainsFinalizer reports whether o has finalizer.
func ContainsFinalizer(o client.Object, finalizer string) bool { return false }
