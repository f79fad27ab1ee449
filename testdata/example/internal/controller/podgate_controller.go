package controller

import (
	"context"
	"errors"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	"example.com/widget-operator/internal/labels"
)

// PodGateReconciler drives the widgets.example.com/config-loaded readiness
// gate: a widget pod only becomes ready once the configuration it was
// rolled out for has been rendered.
type PodGateReconciler struct {
	client.Client
}

// +kubebuilder:rbac:groups="",resources=pods,verbs=get;list;watch;update
// +kubebuilder:rbac:groups="",resources=pods/status,verbs=get;update

// Reconcile evaluates the readiness gate of one pod.
func (r *PodGateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, reterr error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !hasReadinessGate(&pod) || !pod.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}

	// Mirror the config hash into a label so that Services and
	// PodDisruptionBudgets can select pods of one configuration.
	hash := pod.Annotations[labels.ConfigHash]
	if hash != "" && pod.Labels[labels.ConfigHash] != hash {
		metav1.SetMetaDataLabel(&pod.ObjectMeta, labels.ConfigHash, hash)
		if err := r.Update(ctx, &pod); err != nil {
			return ctrl.Result{}, err
		}
	}

	// Whatever happens below, write the gate condition back on the way out.
	before := pod.Status.DeepCopy()
	defer func() {
		if equality.Semantic.DeepEqual(before, &pod.Status) {
			return
		}
		if err := r.Status().Update(ctx, &pod); err != nil {
			reterr = errors.Join(reterr, fmt.Errorf("updating readiness gate of pod %s: %w", req.NamespacedName, err))
		}
	}()

	owner := widgetOwner(&pod)
	if owner == "" {
		setGate(&pod, corev1.ConditionFalse, "NoWidget", "the pod does not belong to a widget Deployment")
		return ctrl.Result{}, nil
	}

	var cm corev1.ConfigMap
	err := r.Get(ctx, client.ObjectKey{Namespace: pod.Namespace, Name: owner + "-widget"}, &cm)
	switch {
	case apierrors.IsNotFound(err):
		setGate(&pod, corev1.ConditionFalse, "ConfigMissing", "the widget configuration has not been rendered yet")
		r.recordMissingConfig(ctx, &pod, owner)
		return ctrl.Result{}, nil
	case err != nil:
		return ctrl.Result{}, err
	case configHash(cm.Data) != hash:
		setGate(&pod, corev1.ConditionFalse, "ConfigOutdated", "the pod runs an older configuration")
	default:
		setGate(&pod, corev1.ConditionTrue, "ConfigLoaded", "")
	}
	return ctrl.Result{}, nil
}

// recordMissingConfig leaves an event-like marker ConfigMap for operators
// to find. It is purely diagnostic, so a failure is not worth a retry.
func (r *PodGateReconciler) recordMissingConfig(ctx context.Context, pod *corev1.Pod, owner string) {
	logf.FromContext(ctx).Info("Widget configuration missing", "pod", pod.Name, "widget", owner)
	marker := &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{
			GenerateName: owner + "-missing-config-",
			Namespace:    pod.Namespace,
		},
		Data: map[string]string{"pod": pod.Name},
	}
	_ = r.Create(ctx, marker)
}

// SetupWithManager registers the reconciler for pods.
func (r *PodGateReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		Named("podgate").
		For(&corev1.Pod{}).
		Complete(r)
}

func hasReadinessGate(pod *corev1.Pod) bool {
	for _, g := range pod.Spec.ReadinessGates {
		if g.ConditionType == labels.ReadinessGate {
			return true
		}
	}
	return false
}

// widgetOwner returns the name of the widget Deployment that runs the pod,
// which the Deployment's pod template records as a label.
func widgetOwner(pod *corev1.Pod) string {
	return pod.Labels["app.kubernetes.io/instance"]
}

func setGate(pod *corev1.Pod, status corev1.ConditionStatus, reason, message string) {
	for i := range pod.Status.Conditions {
		c := &pod.Status.Conditions[i]
		if c.Type != labels.ReadinessGate {
			continue
		}
		if c.Status != status {
			c.LastTransitionTime = metav1.Now()
		}
		c.Status, c.Reason, c.Message = status, reason, message
		return
	}
	pod.Status.Conditions = append(pod.Status.Conditions, corev1.PodCondition{
		Type:               labels.ReadinessGate,
		Status:             status,
		Reason:             reason,
		Message:            message,
		LastTransitionTime: metav1.Now(),
	})
}
