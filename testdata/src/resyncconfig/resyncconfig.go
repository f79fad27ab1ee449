// Package resyncconfig is run with -resync=2h (TestResyncSetting): the
// manager's resync period is set up in main, out of the package's view,
// and the user gives it. Only a controller that the manager resyncs is
// graded by it.
package resyncconfig

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// Resynced watches Secrets and writes a ConfigMap it does not watch: the
// manager's resync runs it again.
type Resynced struct{ client.Client }

func (r *Resynced) SetupWithManager(mgr manager.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Secret{}).Complete(r)
}

func (r *Resynced) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data["secret"] = req.Name
	if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update of cm is only logged: return it; lost until resync \(2h\)`
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}

// Loner is no controller of the manager: nothing resyncs it, whatever
// the period.
type Loner struct{ client.Client }

func (l *Loner) Touch(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data["touched"] = "true"
	if err := l.Update(ctx, cm); err != nil { // want `conflict from l.Update cannot be returned by Touch: .*; lost for good`
		log.Printf("update: %v", err)
	}
}
