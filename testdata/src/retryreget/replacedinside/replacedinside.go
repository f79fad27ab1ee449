// Package replacedinside holds retry closures whose write's Conflict never
// reaches the retry: the closure overwrites it with the error of the
// re-read it makes for the next attempt (OpenKruise's BroadcastJob and
// AdvancedCronJob status updates), or only logs it. A successful re-read
// leaves nil, so RetryOnConflict stops as if the write had landed, and
// the change is lost. Beside them, the closures that return the write's
// error after their re-read.
package replacedinside

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Jobs struct{ client.Client }

// updateStatus re-reads after a failure, for the next attempt, into the
// error variable the write's Conflict was in.
func (r *Jobs) updateStatus(ctx context.Context, key types.NamespacedName, cm *corev1.ConfigMap) error {
	cmCopy := cm.DeepCopy()
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		err := r.Update(ctx, cmCopy)
		if err == nil {
			return nil
		}
		updated := &corev1.ConfigMap{}
		err = r.Get(ctx, key, updated) // want `conflict from r.Update of cmCopy is replaced by the error of r.Get, so retry.RetryOnConflict stops once the re-read succeeds: keep the re-read's error apart and return the conflict; lost for good$`
		if err == nil {
			cmCopy = updated
			cmCopy.Data = cm.Data
		} else {
			log.Printf("re-read %s: %v", key, err)
		}
		return err
	})
}

// updateLogged only logs the write's failure.
func (r *Jobs) updateLogged(ctx context.Context, cm *corev1.ConfigMap) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
			return err
		}
		cm.Data = map[string]string{"a": "b"}
		if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update of cm is only logged, so retry.RetryOnConflict never sees it and stops as if the write had landed: return it; lost for good$`
			log.Printf("update: %v", err)
		}
		return nil
	})
}

// updateKept re-reads after a failure and returns the write's error.
func (r *Jobs) updateKept(ctx context.Context, key types.NamespacedName, cm *corev1.ConfigMap) error {
	cmCopy := cm.DeepCopy()
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		err := r.Update(ctx, cmCopy)
		if err == nil {
			return nil
		}
		updated := &corev1.ConfigMap{}
		if getErr := r.Get(ctx, key, updated); getErr != nil {
			return getErr
		}
		cmCopy = updated
		cmCopy.Data = cm.Data
		return err
	})
}

// updateDropped discards the write's error.
func (r *Jobs) updateDropped(ctx context.Context, cm *corev1.ConfigMap) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
			return err
		}
		cm.Data = map[string]string{"a": "b"}
		_ = r.Update(ctx, cm) // want `conflict from r.Update of cm is dropped, so retry.RetryOnConflict never sees it and stops as if the write had landed: return it; lost for good$`
		return nil
	})
}

// updateLoggedReturned logs the write's failure and returns it.
func (r *Jobs) updateLoggedReturned(ctx context.Context, cm *corev1.ConfigMap) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
			return err
		}
		cm.Data = map[string]string{"a": "b"}
		if err := r.Update(ctx, cm); err != nil {
			log.Printf("update: %v", err)
			return err
		}
		return nil
	})
}

// updateBranch re-reads in the failure's branch: one finding, at the
// re-read, not two.
func (r *Jobs) updateBranch(ctx context.Context, cm *corev1.ConfigMap) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		err := r.Update(ctx, cm)
		if err != nil {
			err = r.Get(ctx, client.ObjectKeyFromObject(cm), cm) // want `conflict from r.Update of cm is replaced by the error of r.Get, so retry.RetryOnConflict stops once the re-read succeeds`
		}
		return err
	})
}
