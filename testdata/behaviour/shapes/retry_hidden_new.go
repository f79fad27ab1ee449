package shapes

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var errNoData = errors.New("the ConfigMap has no data")

// SetAudited sets the audited flag of the ConfigMap key, retrying
// conflicts.
func SetAudited(ctx context.Context, c client.Client, key client.ObjectKey) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var cm corev1.ConfigMap
		if err := c.Get(ctx, key, &cm); err != nil {
			return err
		}
		if cm.Data == nil {
			return errNoData
		}
		cm.Data["audited"] = "true"
		if err := c.Update(ctx, &cm); err != nil {
			return errors.New(err.Error())
		}
		return nil
	})
}
