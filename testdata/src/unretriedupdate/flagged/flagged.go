// Package flagged logs a write's failure inside a loop over brokers and
// marks a flag; after the loop, the flag makes the function return an
// error, which its Reconcile hands to the work queue: the next reconcile
// writes again (koperator's per-broker dynamic configs). A loop that only
// logs and marks nothing loses the write. The error after the loop is
// built by emperror's NewWithDetails: here its stub's body says it is never
// nil; a standalone run, which loads it without a body, reads its shape
// (fate's TestErrorConstructorShape).
package flagged

import (
	"context"

	"emperror.dev/errors"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) configure(ctx context.Context, cm *corev1.ConfigMap, broker string) error {
	cm.Data = map[string]string{"broker": broker}
	return r.Update(ctx, cm)
}

func (r *Reconciler) configureAll(ctx context.Context, brokers []string, cms []*corev1.ConfigMap) error {
	allConfigured := true
	for i, broker := range brokers {
		name, err := nameOf(broker)
		if err != nil {
			return errors.WrapIfWithDetails(err, "naming broker", "broker", broker)
		}
		err = r.configure(ctx, cms[i], name) // ok: the flag makes the function fail after the loop
		if err != nil {
			log.FromContext(ctx).Error(err, "configuring broker", "broker", broker)
			allConfigured = false
		}
	}
	if !allConfigured {
		return errors.NewWithDetails("configuring some brokers failed", "brokers", len(brokers))
	}
	return nil
}

func (r *Reconciler) configureEach(ctx context.Context, brokers []string, cms []*corev1.ConfigMap) error {
	for i, broker := range brokers {
		if err := r.configure(ctx, cms[i], broker); err != nil { // want `conflict from r.configure is only logged`
			log.FromContext(ctx).Error(err, "configuring broker", "broker", broker)
		}
	}
	return nil
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cms corev1.ConfigMapList
	if err := r.List(ctx, &cms, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	items := make([]*corev1.ConfigMap, len(cms.Items))
	for i := range cms.Items {
		items[i] = &cms.Items[i]
	}
	if err := r.configureAll(ctx, []string{"a", "b"}, items); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.configureEach(ctx, []string{"a", "b"}, items)
}

func nameOf(broker string) (string, error) {
	if broker == "" {
		return "", errors.NewWithDetails("no name")
	}
	return "broker-" + broker, nil
}
