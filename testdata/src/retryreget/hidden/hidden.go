// Package hidden holds retry closures that return a write's error in a
// form apierrors.IsConflict cannot see.
package hidden

import (
	"context"
	"errors"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var errNotReady = errors.New("not ready")

func percentV(ctx context.Context, c client.Client, key types.NamespacedName) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var cm corev1.ConfigMap
		if err := c.Get(ctx, key, &cm); err != nil {
			return fmt.Errorf("get %s: %v", key, err) // ok: a Get's error, not the write's
		}
		cm.Data["k"] = "v"
		if err := c.Update(ctx, &cm); err != nil {
			return fmt.Errorf("update %s: %v", key, err) // want `conflict from c.Update of cm is formatted with %v, so retry.RetryOnConflict never retries it: wrap it with %w`
		}
		return nil
	})
}

func percentS(ctx context.Context, c client.Client, key types.NamespacedName) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var cm corev1.ConfigMap
		if err := c.Get(ctx, key, &cm); err != nil {
			return err
		}
		err := c.Update(ctx, &cm)
		if err != nil {
			return fmt.Errorf("update: %s", err.Error()) // want `conflict from c.Update of cm is formatted as text with .Error\(\), so retry.RetryOnConflict never retries it: wrap the error itself with %w`
		}
		return nil
	})
}

func errorsNew(ctx context.Context, c client.Client, key types.NamespacedName) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var cm corev1.ConfigMap
		if err := c.Get(ctx, key, &cm); err != nil {
			return err
		}
		if err := c.Update(ctx, &cm); err != nil {
			return errors.New(err.Error()) // want `conflict from c.Update of cm is turned into a new error by errors.New, so retry.RetryOnConflict never retries it: return the error itself`
		}
		return nil
	})
}

func inline(ctx context.Context, c client.Client, key types.NamespacedName) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var cm corev1.ConfigMap
		if err := c.Get(ctx, key, &cm); err != nil {
			return err
		}
		return fmt.Errorf("update: %v", c.Status().Update(ctx, &cm)) // want `conflict from Status\(\).Update of cm is formatted with %v, so retry.RetryOnConflict never retries it: wrap it with %w`
	})
}

func wrapped(ctx context.Context, c client.Client, key types.NamespacedName) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var cm corev1.ConfigMap
		if err := c.Get(ctx, key, &cm); err != nil {
			return err
		}
		if err := c.Update(ctx, &cm); err != nil {
			return fmt.Errorf("update %s: %w", key, err) // ok: %w keeps the Conflict visible
		}
		return nil
	})
}

func quoted(ctx context.Context, c client.Client, key types.NamespacedName) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var cm corev1.ConfigMap
		if err := c.Get(ctx, key, &cm); err != nil {
			return err
		}
		if err := c.Update(ctx, &cm); err != nil {
			return fmt.Errorf("update: %+v", err) // want `conflict from c.Update of cm is formatted with %v, so retry.RetryOnConflict never retries it: wrap it with %w`
		}
		return nil
	})
}

func notRetried(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	if err := c.Update(ctx, cm); err != nil {
		return fmt.Errorf("update: %v", err) // ok: no retry looks at this error
	}
	return nil
}
