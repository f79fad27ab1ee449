// Package errorlibrary is the reduction of a false class found on
// crossplane: a status write whose failure is dropped on a path that then
// returns an error built by an error library. The returned error requeues
// the object, and the next reconcile writes the status again, so the drop
// loses nothing. Two facts make that error non-nil: the library's Errorf
// always builds one (read from its shape, since a standalone run loads
// another module's package without its bodies), and past
// client.IgnoreNotFound(err) != nil, err itself is not nil, so its Wrap
// is not either. The same holds when the error is changed between its
// test and the write by values that are not nil (a Wrap of it, a Join
// with it), or is set in a switch case.
package errorlibrary

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.client.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Data["revision"] == "" {
		err := errors.Errorf("configmap %s selects no revision", cm.Name)
		cm.Data["ready"] = "false"
		_ = r.client.Status().Update(ctx, cm)
		return ctrl.Result{}, err
	}
	secret := &corev1.Secret{}
	if err := r.client.Get(ctx, req.NamespacedName, secret); client.IgnoreNotFound(err) != nil {
		err = errors.Wrap(err, "cannot get secret")
		cm.Data["ready"] = "false"
		_ = r.client.Status().Update(ctx, cm)
		return ctrl.Result{}, err
	}
	if secret.Name == "" {
		// IgnoreNotFound(err) == nil says nothing of err, and nothing
		// else fails here: the drop is lost.
		cm.Data["ready"] = "unknown"
		_ = r.client.Status().Update(ctx, cm) // want `conflict from Status\(\).Update of cm is dropped: return it; lost for good`
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// Compose changes err after its test, each time to a value that is not
// nil: the returned error is still not nil.
func (r *Reconciler) Compose(ctx context.Context, cm *corev1.ConfigMap, compose func() error, authorized func() error) (ctrl.Result, error) {
	if err := compose(); err != nil {
		err = errors.Wrap(err, "cannot compose")
		if cm.Data["invalid"] != "" {
			err = errors.Wrap(errors.New("invalid resources"), "cannot compose")
		}
		if authErr := authorized(); authErr != nil {
			err = errors.Join(err, authErr)
		}
		cm.Data["ready"] = "false"
		_ = r.client.Status().Update(ctx, cm)
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

type pipelineError struct{ step string }

func (e *pipelineError) Error() string { return "step " + e.step + " failed" }

// Run sets err in a switch case, to a value that is not nil.
func (r *Reconciler) Run(ctx context.Context, cm *corev1.ConfigMap, severities []string) (ctrl.Result, error) {
	var err error
	for _, s := range severities {
		switch s {
		case "fatal":
			err = &pipelineError{step: s}
			cm.Data["failures"] += "x"
			_ = r.client.Status().Update(ctx, cm)
			return ctrl.Result{}, err
		case "warning":
			cm.Data["warnings"] += "x"
		}
	}
	return ctrl.Result{}, err
}
