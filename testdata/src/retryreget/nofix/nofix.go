// Package nofix holds stale writes that are reported without a fix, because
// the fix could not be shown to keep the behaviour or to compile.
package nofix

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// The object is a parameter: the caller's changes would be wiped.
func param(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return c.Update(ctx, cm) // want `cm is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure`
	})
}

// A mutation through a call the analyzer cannot see into.
func unknownMutation(ctx context.Context, c client.Client, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return err
	}
	decorate(cm)
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return c.Update(ctx, cm) // want `cm is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure`
	})
}

func decorate(cm *corev1.ConfigMap) { cm.Labels = map[string]string{"a": "b"} }

// Code between the mutation and the retry reads what the mutation wrote.
func dependentRead(ctx context.Context, c client.Client, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return err
	}
	cm.Name = "renamed"
	log.Printf("updating %s", cm.Name)
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return c.Update(ctx, cm) // want `cm is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure`
	})
}

// A mutation whose value comes from a call would run once per attempt.
func callInMutation(ctx context.Context, c client.Client, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return err
	}
	cm.Data["id"] = nextID()
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return c.Update(ctx, cm) // want `cm is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure`
	})
}

func nextID() string { return "x" }

// The last read happens only on some paths.
func conditionalRead(ctx context.Context, c client.Client, key types.NamespacedName, cm *corev1.ConfigMap, refresh bool) error {
	local := cm
	if refresh {
		if err := c.Get(ctx, key, local); err != nil {
			return err
		}
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return c.Update(ctx, local) // want `local is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get local at the top of the closure`
	})
}

// A mutation in an enclosing block cannot be moved across the branch.
func outerMutation(ctx context.Context, c client.Client, key types.NamespacedName, on bool) error {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return err
	}
	controllerutil.AddFinalizer(cm, "x")
	if on {
		return retry.RetryOnConflict(retry.DefaultRetry, func() error {
			return c.Update(ctx, cm) // want `cm is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure`
		})
	}
	return nil
}

// The client is declared inside the closure, after where the re-read would go.
func shadowed(ctx context.Context, client2 client.Client, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := client2.Get(ctx, key, cm); err != nil {
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		client := client2
		return client.Update(ctx, cm) // want `cm is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure`
	})
}

// updateError keeps only the text of the error it was made from.
type updateError struct{ name, msg string }

func (e *updateError) Error() string { return e.name + ": " + e.msg }

func newUpdateError(name, msg string) error { return &updateError{name, msg} }

// rebuilt hides the Conflict in a project error built from its text.
func rebuilt(ctx context.Context, c client.Client, key types.NamespacedName) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cm := &corev1.ConfigMap{}
		if err := c.Get(ctx, key, cm); err != nil {
			return err
		}
		if err := c.Update(ctx, cm); err != nil {
			return newUpdateError(cm.Name, err.Error()) // want `conflict from c.Update of cm is turned into text with .Error\(\) and rebuilt by newUpdateError, so retry.RetryOnConflict never retries it: return it, or wrap it with fmt.Errorf and %w`
		}
		return nil
	})
}

// Helpers called inside a retry closure are part of every attempt.
type phaser struct{ c client.Client }

func (p *phaser) setPhase(ctx context.Context, cm *corev1.ConfigMap, phase string) error {
	cm.Data = map[string]string{"phase": phase}
	return p.c.Update(ctx, cm) // ok here: the finding is at the closure's call, which lacks the re-read
}

func (p *phaser) refreshAndSetPhase(ctx context.Context, cm *corev1.ConfigMap, phase string) error {
	if err := p.c.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
		return err
	}
	cm.Data = map[string]string{"phase": phase}
	return p.c.Update(ctx, cm) // ok: the helper re-reads before its write
}

func (p *phaser) run(ctx context.Context, key types.NamespacedName, cm *corev1.ConfigMap) error {
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return p.setPhase(ctx, cm, "Ready") // want `p.setPhase writes cm, which is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure`
	})
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return p.refreshAndSetPhase(ctx, cm, "Ready")
	})
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		fresh := &corev1.ConfigMap{}
		if err := p.c.Get(ctx, key, fresh); err != nil {
			return err
		}
		return p.setPhase(ctx, fresh, "Done") // ok: the closure re-reads what it passes
	})
}

// kubevela's `vela workflow suspend` (operation.go): a merge patch of the
// whole object sends its resourceVersion, so a retry that does not re-read
// resends the refused one. No fix: the patch is not an Update the
// re-read template knows. No grade: the error goes to a caller that may
// requeue it or exit with it.
func suspend(ctx context.Context, c client.Client, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, cm); err != nil {
		return err
	}
	cm.Data = map[string]string{"suspend": "true"}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return c.Status().Patch(ctx, cm, client.Merge) // want `cm is not re-read inside retry.RetryOnConflict, so every attempt conflicts: Get cm at the top of the closure$`
	})
}
