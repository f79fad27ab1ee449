// Package collected writes one object in several steps, collects their
// failures and returns them before the object is written again (as
// milvus-operator's ReconcileDeployments does).
package collected

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) step(ctx context.Context, cm corev1.ConfigMap, name string) error {
	cm.Data[name] = "done"
	return r.Update(ctx, &cm)
}

func (r *Reconciler) steps(ctx context.Context, cm corev1.ConfigMap) error {
	var errs []error
	for _, name := range []string{"a", "b"} {
		if err := r.step(ctx, cm, name); err != nil { // want `r.step is retried without re-reading cm, so it conflicts again`
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	cm.Data["done"] = "true"
	return r.Update(ctx, &cm) // ok: a failed step returned above
}
