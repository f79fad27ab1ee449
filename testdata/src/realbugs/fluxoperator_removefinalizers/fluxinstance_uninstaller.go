// Package fluxoperator_removefinalizers reduces a bug fixed in
// controlplaneio-fluxcd/flux-operator.
//
//	repo:     https://github.com/controlplaneio-fluxcd/flux-operator
//	fix:      https://github.com/controlplaneio-fluxcd/flux-operator/pull/85 (commit 533c31fe9e0ee97d679a056fdc0f5217a1ceeb01; issue 84)
//	file:     internal/controller/fluxinstance_uninstaller.go
//	function: (*FluxInstanceReconciler).removeFinalizersFor, via removeFluxFinalizers, called from uninstall
//
// On uninstall the reconciler listed every Flux custom resource of a kind
// and updated each one with its finalizers cleared; a Conflict (the Flux
// controllers write the same objects) was joined into the error that
// uninstall only logged before it removed its own finalizer and stopped
// reconciling, so the Flux objects kept their finalizers and could not be
// deleted. The fix runs removeFinalizersFor, which lists afresh, inside
// retry.RetryOnConflict.
package fluxoperator_removefinalizers

import (
	"context"
	"errors"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const Finalizer = "fluxcd.controlplane.io/finalizer"

type FluxInstance struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *FluxInstance) DeepCopyObject() runtime.Object { out := *in; return &out }

type FluxInstanceReconciler struct {
	Client client.Client
}

// removeFinalizer stands for controllerutil.RemoveFinalizer.
func removeFinalizer(obj *FluxInstance, finalizer string) {}

var fluxKinds = []struct {
	apiVersion string
	listKind   string
}{
	{"kustomize.toolkit.fluxcd.io/v1", "KustomizationList"},
	{"helm.toolkit.fluxcd.io/v2", "HelmReleaseList"},
	{"source.toolkit.fluxcd.io/v1", "GitRepositoryList"},
}

// uninstallBuggy is uninstall before the fix (the pruning of the
// inventory is left out).
func (r *FluxInstanceReconciler) uninstallBuggy(ctx context.Context, obj *FluxInstance) (ctrl.Result, error) {
	log := ctrl.LoggerFrom(ctx)

	err := r.removeFluxFinalizersBuggy(ctx) // realbug: unretriedupdate alt "the joined Conflict comes back here and is only logged before the instance drops its own finalizer"
	if err != nil {
		log.Error(err, "removing finalizers failed")
	}

	removeFinalizer(obj, Finalizer)
	log.Info("Uninstallation completed")
	return ctrl.Result{}, nil
}

// removeFluxFinalizersBuggy is removeFluxFinalizers before the fix.
func (r *FluxInstanceReconciler) removeFluxFinalizersBuggy(ctx context.Context) error {
	var errs []error
	for _, v := range fluxKinds {
		if err := r.removeFinalizersForBuggy(ctx, v.apiVersion, v.listKind); err != nil { // realbug: unretriedupdate alt "reported as swallowed: the paths whose error text matches the not-found filter drop the joined error (a Conflict takes the other path, to uninstall's log)"
			if !strings.Contains(err.Error(), "the server could not find the requested resource") &&
				!strings.Contains(err.Error(), "no matches for kind") {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}

// removeFinalizersForBuggy is removeFinalizersFor, which the fix leaves
// as it is: it lists the kind and updates every item with its finalizers
// cleared, joining the errors. (It is repeated as removeFinalizersForFixed
// so that each version has its own write.)
func (r *FluxInstanceReconciler) removeFinalizersForBuggy(ctx context.Context, apiVersion, listKind string) error {
	list := &unstructured.UnstructuredList{}
	list.SetAPIVersion(apiVersion)
	list.SetKind(listKind)

	err := r.Client.List(ctx, list, client.InNamespace(""))
	if err != nil {
		return err
	}

	var errs []error
	for i := range list.Items {
		entry := list.Items[i]
		entry.SetFinalizers([]string{})
		if err := r.Client.Update(ctx, &entry); err != nil { // realbug: unretriedupdate
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// removeFluxFinalizersFixed is removeFluxFinalizers after the fix: each
// kind is listed and updated again on a Conflict.
func (r *FluxInstanceReconciler) removeFluxFinalizersFixed(ctx context.Context) error {
	var errs []error
	for _, v := range fluxKinds {
		err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
			return r.removeFinalizersForFixed(ctx, v.apiVersion, v.listKind)
		})
		if err != nil {
			if !strings.Contains(err.Error(), "the server could not find the requested resource") &&
				!strings.Contains(err.Error(), "no matches for kind") {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}

// removeFinalizersForFixed is removeFinalizersFor as the fix calls it.
func (r *FluxInstanceReconciler) removeFinalizersForFixed(ctx context.Context, apiVersion, listKind string) error {
	list := &unstructured.UnstructuredList{}
	list.SetAPIVersion(apiVersion)
	list.SetKind(listKind)

	err := r.Client.List(ctx, list, client.InNamespace(""))
	if err != nil {
		return err
	}

	var errs []error
	for i := range list.Items {
		entry := list.Items[i]
		entry.SetFinalizers([]string{})
		if err := r.Client.Update(ctx, &entry); err != nil { // realbug: unretriedupdate fp=strict "the helper is called from a retry closure, which strict mode does not follow"
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
