// Package crclient holds retryreget scenarios on the controller-runtime
// client.
package crclient

import (
	"context"
	"log"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct {
	client.Client
}

// The captured object is written without a re-read; the mutation made
// before the retry moves into the closure.
func (r *Reconciler) captured(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	cm.Data["mode"] = "on"
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.Update(ctx, cm) // want `cm is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure`
	})
}

// A value object written through Status(): the Get goes through the base
// client, and the mutations inside the closure stay where they are.
func (r *Reconciler) status(ctx context.Context, key types.NamespacedName, phase string) error {
	var foo foov1.Foo
	if err := r.Get(ctx, key, &foo); err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		foo.Status.Phase = phase
		return r.Status().Update(ctx, &foo) // want `foo is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get foo at the top of the closure`
	})
}

// A Get into a different variable does not refresh the written one.
func (r *Reconciler) otherVariable(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		latest := &corev1.ConfigMap{}
		if err := r.Get(ctx, key, latest); err != nil {
			return err
		}
		cm.Data = latest.Data
		return r.Update(ctx, cm) // want `cm is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure`
	})
}

// An optimistic-lock patch built inside the closure from the captured
// object: the re-read makes its base fresh.
func (r *Reconciler) optimisticPatch(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	controllerutil.AddFinalizer(cm, "example.com/cleanup")
	cm.Labels["owner"] = "me"
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		patch := client.MergeFromWithOptions(cm.DeepCopy(), client.MergeFromWithOptimisticLock{})
		cm.Annotations["seen"] = "yes"
		return r.Patch(ctx, cm, patch) // want `cm is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure`
	})
}

// OnError with IsConflict is a retry scope too; written twice, reported once.
func (r *Reconciler) onError(ctx context.Context, key types.NamespacedName) error {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		return err
	}
	cm.Data["a"] = "b"
	return retry.OnError(retry.DefaultRetry, apierrors.IsConflict, func() error {
		if err := r.Update(ctx, &cm); err != nil { // want `cm is not re-read inside retry.OnError, so every attempt conflicts: Get cm at the top of the closure`
			return err
		}
		return r.Status().Update(ctx, &cm) // ok: the same object in the same closure is reported once
	})
}

// A helper of this package that wraps RetryOnConflict.
func withConflictRetry(fn func() error) error {
	return retry.RetryOnConflict(retry.DefaultRetry, fn)
}

func (r *Reconciler) helper(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	return withConflictRetry(func() error {
		cm.Data["x"] = "y"
		return r.Update(ctx, cm) // want `cm is not re-read inside withConflictRetry, so every attempt conflicts: Get cm at the top of the closure`
	})
}

// The client-go documented pattern: Get inside the closure.
func (r *Reconciler) documented(ctx context.Context, key types.NamespacedName) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var foo foov1.Foo
		if err := r.Get(ctx, key, &foo); err != nil {
			return err
		}
		foo.Status.Phase = "Ready"
		return r.Status().Update(ctx, &foo) // ok: a fresh local object fetched on every attempt
	})
}

// Declared outside, re-read inside.
func (r *Reconciler) reReadInside(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Get(ctx, key, cm); err != nil {
			return err
		}
		cm.Data["k"] = "v"
		return r.Update(ctx, cm) // ok: declared outside but re-read inside
	})
}

func (r *Reconciler) load(ctx context.Context, key types.NamespacedName) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, key, cm)
	return cm, err
}

func (r *Reconciler) refresh(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.Get(ctx, client.ObjectKeyFromObject(cm), cm)
}

// Reassigned from a user read helper.
func (r *Reconciler) readHelper(ctx context.Context, key types.NamespacedName) error {
	cm, err := r.load(ctx, key)
	if err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var err error
		cm, err = r.load(ctx, key)
		if err != nil {
			return err
		}
		cm.Data["k"] = "v"
		return r.Update(ctx, cm) // ok: reassigned from a user read helper
	})
}

// Refreshed in place by a helper of this package that Gets into its
// parameter.
func (r *Reconciler) refreshHelper(ctx context.Context, key types.NamespacedName) error {
	cm, err := r.load(ctx, key)
	if err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.refresh(ctx, cm); err != nil {
			return err
		}
		cm.Data["k"] = "v"
		return r.Update(ctx, cm) // ok: refreshed by a helper that Gets into its parameter
	})
}

// The re-read is skipped on the first attempt, when the object is fresh.
func (r *Reconciler) conditional(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	first := true
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if !first {
			if err := r.Get(ctx, key, cm); err != nil {
				return err
			}
		}
		first = false
		cm.Data["k"] = "v"
		return r.Update(ctx, cm) // ok: a conditional re-read counts
	})
}

// CreateOrUpdate Gets the object itself on every attempt.
func (r *Reconciler) createOrUpdate(ctx context.Context) error {
	cm := &corev1.ConfigMap{}
	cm.Name = "x"
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		_, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error { // ok: CreateOrUpdate re-reads
			cm.Data = map[string]string{"a": "b"}
			return nil
		})
		return err
	})
}

// Outside a retry scope the write is unretriedupdate's business.
func (r *Reconciler) noRetry(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.Update(ctx, cm) // ok: not in a retry scope
}

// A closure written on one line: the re-read goes on lines of its own and
// the write moves to the next one.
func (r *Reconciler) oneLine(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error { return r.Update(ctx, cm) }) // want `cm is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure`
}

// The retry's last error is only logged: its change stays unwritten and
// nothing in view redoes it, which the finding's grade says, as
// unretriedupdate's would. The fix re-reads inside the closure.
func (r *Reconciler) logged(ctx context.Context, key types.NamespacedName) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return
	}
	cm.Data["mode"] = "off"
	if err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.Update(ctx, cm) // want `cm is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure; lost for good$`
	}); err != nil {
		log.Printf("update: %v", err)
	}
}

// A Reconcile returns the retry's last error: the work queue requeues the
// request, and its next pass reads the object again. The fix re-reads
// inside the closure.
func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return reconcile.Result{}, err
	}
	cm.Data["mode"] = "reconciled"
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.Update(ctx, cm) // want `cm is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure; redone when requeued$`
	})
	return reconcile.Result{}, err
}

// OnError whose predicate retries every error retries a Conflict too
// (k0smotron's Node update); one that retries only timeouts does not.
func (r *Reconciler) onAnyError(ctx context.Context, key types.NamespacedName) error {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		return err
	}
	cm.Data["a"] = "b"
	return retry.OnError(retry.DefaultBackoff, func(error) bool {
		return true
	}, func() error {
		return r.Update(ctx, &cm) // want `cm is not re-read inside retry.OnError, so every attempt conflicts: Get cm at the top of the closure`
	})
}

func (r *Reconciler) onTimeout(ctx context.Context, key types.NamespacedName) error {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		return err
	}
	cm.Data["a"] = "b"
	return retry.OnError(retry.DefaultBackoff, func(err error) bool {
		return apierrors.IsTimeout(err)
	}, func() error {
		return r.Update(ctx, &cm) // ok: a Conflict is not retried, and returned
	})
}
