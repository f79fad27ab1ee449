// Package walked writes objects, so the model walks it; its exported
// functions that keep an error only as text get the fact too.
package walked

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Report is a sync's report.
type Report struct{ Warnings []string }

// Warn keeps the error's text only.
func (r *Report) Warn(err error) { // want Warn:`^keepsErrorText\(0\)$`
	r.Warnings = append(r.Warnings, err.Error())
}

// Label writes the ConfigMap and returns the write's failure: no fact of
// this kind.
func Label(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error { // want Label:`^returnsConflict\(param 2, as given 2\)$`
	cm.Labels = map[string]string{"seen": "true"}
	return c.Update(ctx, cm)
}
