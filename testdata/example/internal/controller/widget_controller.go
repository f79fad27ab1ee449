// Package controller holds the controller-runtime reconcilers of the widget
// operator: the widget reconciler, which renders configuration for opted-in
// Deployments, and the pod gate reconciler, which holds pods back until that
// configuration is in place.
package controller

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"example.com/widget-operator/internal/labels"
)

// Version is the operator build, stamped on the Deployments it manages.
var Version = "0.5.0-dev"

// WidgetReconciler makes sure that every widget-enabled Deployment has a
// rendered configuration ConfigMap, rolls the Deployment when that
// configuration changes, and reports readiness as a Deployment condition.
type WidgetReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;update;patch
// +kubebuilder:rbac:groups=apps,resources=deployments/status,verbs=get;update
// +kubebuilder:rbac:groups="",resources=configmaps,verbs=get;list;watch;create;update;patch;delete

// Reconcile brings one widget Deployment up to date.
func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)

	var deploy appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &deploy); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	if !deploy.DeletionTimestamp.IsZero() {
		return r.finalize(ctx, &deploy)
	}

	if deploy.Labels[labels.Enabled] == "false" {
		// The owner opted out: let go of the Deployment.
		controllerutil.RemoveFinalizer(&deploy, labels.Finalizer)
		_ = r.Update(ctx, &deploy)
		return ctrl.Result{}, nil
	}

	if err := r.ensureFinalizer(ctx, &deploy); err != nil {
		return ctrl.Result{}, err
	}

	r.touch(ctx, &deploy)
	if err := r.recordObservedGeneration(ctx, req.NamespacedName); err != nil {
		return ctrl.Result{}, err
	}

	// Releases before 0.4 kept the config hash on the Deployment itself.
	// It is on the pod template now, so drop the old copy.
	if _, ok := deploy.Annotations[labels.LegacyConfigHash]; ok {
		delete(deploy.Annotations, labels.LegacyConfigHash)
		r.Update(ctx, &deploy)
	}

	if _, ok := deploy.Annotations[labels.Maintenance]; ok && !deploy.Spec.Paused {
		if err := r.pauseForMaintenance(ctx, &deploy); err != nil {
			return ctrl.Result{}, fmt.Errorf("pausing %s for maintenance: %w", req.NamespacedName, err)
		}
	}

	if deploy.Spec.Paused {
		_ = r.setReady(ctx, &deploy, false, "Paused", "the Deployment is paused")
		return ctrl.Result{}, nil
	}

	r.advertiseVersion(ctx, &deploy)

	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{
		Name:      configMapName(&deploy),
		Namespace: deploy.Namespace,
	}}
	op, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		if cm.Labels == nil {
			cm.Labels = map[string]string{}
		}
		cm.Labels[labels.Config] = "true"
		cm.Data = renderConfig(&deploy)
		return controllerutil.SetControllerReference(&deploy, cm, r.Scheme)
	})
	if err != nil {
		log.Error(err, "Unable to reconcile widget configuration", "configmap", cm.Name)
	} else if op != controllerutil.OperationResultNone {
		log.V(1).Info("Widget configuration reconciled", "configmap", cm.Name, "operation", op)
	}

	hash := configHash(cm.Data)
	if deploy.Spec.Template.Annotations[labels.ConfigHash] != hash {
		metav1.SetMetaDataAnnotation(&deploy.Spec.Template.ObjectMeta, labels.ConfigHash, hash)
		if err := r.Update(ctx, &deploy); err != nil {
			if apierrors.IsConflict(err) {
				// The Deployment controller writes to the object as well;
				// come back shortly and work from a fresh copy.
				return ctrl.Result{RequeueAfter: time.Second}, nil
			}
			return ctrl.Result{}, fmt.Errorf("rolling %s to configuration %s: %w", req.NamespacedName, hash, err)
		}
	}

	// Record when the configuration was last rendered. The optimistic lock
	// makes sure we never stamp a ConfigMap that changed since we read it.
	base := cm.DeepCopy()
	metav1.SetMetaDataAnnotation(&cm.ObjectMeta, labels.LastSynced, time.Now().UTC().Format(time.RFC3339))
	_ = r.Patch(ctx, cm, client.MergeFromWithOptions(base, client.MergeFromWithOptimisticLock{}))

	r.publishIndex(ctx, &deploy)

	setWidgetCondition(&deploy.Status, true, "ConfigRendered", "configuration "+hash+" is rendered")
	if err := r.Status().Update(ctx, &deploy); err != nil {
		log.Error(err, "Unable to update widget status")
	}

	return ctrl.Result{}, nil
}

// ensureFinalizer adds the cleanup finalizer to the Deployment if it is
// missing.
func (r *WidgetReconciler) ensureFinalizer(ctx context.Context, deploy *appsv1.Deployment) error {
	if !controllerutil.AddFinalizer(deploy, labels.Finalizer) {
		return nil
	}
	return r.Update(ctx, deploy)
}

// finalize cleans up after a Deployment that is being deleted and releases
// it by removing the finalizer.
func (r *WidgetReconciler) finalize(ctx context.Context, deploy *appsv1.Deployment) (ctrl.Result, error) {
	if !controllerutil.ContainsFinalizer(deploy, labels.Finalizer) {
		return ctrl.Result{}, nil
	}

	key := client.ObjectKey{Namespace: deploy.Namespace, Name: configMapName(deploy)}
	if _, keep := deploy.Annotations[labels.KeepConfig]; keep {
		var cm corev1.ConfigMap
		if err := r.Get(ctx, key, &cm); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		} else if err == nil {
			if err := r.releaseConfigMap(ctx, &cm); err != nil {
				return ctrl.Result{}, err
			}
		}
	} else {
		// Best effort: the owner reference lets the garbage collector
		// remove the ConfigMap anyway.
		_ = r.Delete(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: key.Name, Namespace: key.Namespace}})
	}

	controllerutil.RemoveFinalizer(deploy, labels.Finalizer)
	return ctrl.Result{}, client.IgnoreNotFound(r.Update(ctx, deploy))
}

// advertiseVersion records which operator build manages the Deployment. It
// is informational only, and a plain merge patch carries no resourceVersion.
func (r *WidgetReconciler) advertiseVersion(ctx context.Context, deploy *appsv1.Deployment) {
	if deploy.Annotations[labels.ManagedBy] == Version {
		return
	}
	orig := deploy.DeepCopy()
	metav1.SetMetaDataAnnotation(&deploy.ObjectMeta, labels.ManagedBy, Version)
	_ = r.Patch(ctx, deploy, client.MergeFrom(orig))
}

// publishIndex lists the widget in the namespace-wide index ConfigMap that
// sidecars read to discover their peers.
func (r *WidgetReconciler) publishIndex(ctx context.Context, deploy *appsv1.Deployment) {
	index := corev1ac.ConfigMap("widget-index", deploy.Namespace).
		WithData(map[string]string{deploy.Name: configMapName(deploy)})
	_ = r.Apply(ctx, index, client.FieldOwner(labels.FieldManager), client.ForceOwnership)
}

// SetupWithManager registers the reconciler for Deployments that carry the
// widget label, and for the ConfigMaps it owns.
func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	hasLabel := predicate.NewPredicateFuncs(func(obj client.Object) bool {
		_, ok := obj.GetLabels()[labels.Enabled]
		return ok
	})
	return ctrl.NewControllerManagedBy(mgr).
		Named("widget").
		For(&appsv1.Deployment{}).
		WithEventFilter(hasLabel).
		Owns(&corev1.ConfigMap{}).
		Complete(r)
}

func configMapName(deploy *appsv1.Deployment) string {
	return deploy.Name + "-widget"
}

// renderConfig turns the widget settings found in the Deployment's
// annotations into configuration files.
func renderConfig(deploy *appsv1.Deployment) map[string]string {
	const prefix = "widgets.example.com/setting-"
	var lines []string
	for k, v := range deploy.Annotations {
		if name, ok := strings.CutPrefix(k, prefix); ok {
			lines = append(lines, name+"="+v)
		}
	}
	sort.Strings(lines)
	return map[string]string{
		"widget.properties": strings.Join(lines, "\n"),
		"replicas":          fmt.Sprint(ptrValue(deploy.Spec.Replicas, 1)),
	}
}

// configHash is a stable digest of the rendered configuration.
func configHash(data map[string]string) string {
	keys := make([]string, 0, len(data))
	for k := range data {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	h := sha256.New()
	for _, k := range keys {
		fmt.Fprintf(h, "%s\x00%s\x00", k, data[k])
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

func ptrValue[T any](p *T, def T) T {
	if p == nil {
		return def
	}
	return *p
}
