// Package hiddenhelpers holds retry closures that return the error of a
// helper which hides its write's Conflict: the rewrap is in the helper, not
// in the closure.
package hiddenhelpers

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type store struct{ c client.Client }

// save rewraps the Update error with %v.
func (s *store) save(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := s.c.Update(ctx, cm); err != nil {
		return fmt.Errorf("save %s: %v", cm.Name, err) // want `conflict from s.c.Update is formatted with %v in save, whose error the retry closure returns, so retry.RetryOnConflict never retries it: wrap it with %w`
	}
	return nil
}

// saveWrapped keeps the API status with %w.
func (s *store) saveWrapped(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := s.c.Update(ctx, cm); err != nil {
		return fmt.Errorf("save %s: %w", cm.Name, err)
	}
	return nil
}

// saveText keeps only the text.
func (s *store) saveText(ctx context.Context, cm *corev1.ConfigMap) error {
	err := s.c.Update(ctx, cm)
	if err != nil {
		return fmt.Errorf("save: %s", err.Error()) // want `conflict from s.c.Update is formatted as text with .Error\(\) in saveText, whose error the retry closure returns, so retry.RetryOnConflict never retries it: wrap the error itself with %w`
	}
	return nil
}

func (s *store) direct(ctx context.Context, key types.NamespacedName) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var cm corev1.ConfigMap
		if err := s.c.Get(ctx, key, &cm); err != nil {
			return err
		}
		cm.Data = map[string]string{"k": "v"}
		return s.save(ctx, &cm)
	})
}

func (s *store) throughVariable(ctx context.Context, key types.NamespacedName) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var cm corev1.ConfigMap
		if err := s.c.Get(ctx, key, &cm); err != nil {
			return err
		}
		err := s.saveText(ctx, &cm)
		return err
	})
}

func (s *store) wrapped(ctx context.Context, key types.NamespacedName) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var cm corev1.ConfigMap
		if err := s.c.Get(ctx, key, &cm); err != nil {
			return err
		}
		return s.saveWrapped(ctx, &cm) // ok: %w keeps the Conflict visible
	})
}

// Saver is implemented only by writers of this package.
type Saver interface {
	Save(ctx context.Context, cm *corev1.ConfigMap) error
}

type kubeSaver struct{ c client.Client }

func (k *kubeSaver) Save(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := k.c.Update(ctx, cm); err != nil {
		return fmt.Errorf("saving config map: %v", err) // want `conflict from k.c.Update is formatted with %v in Save, whose error the retry closure returns, so retry.RetryOnConflict never retries it: wrap it with %w`
	}
	return nil
}

func throughInterface(ctx context.Context, c client.Client, s Saver, key types.NamespacedName) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var cm corev1.ConfigMap
		if err := c.Get(ctx, key, &cm); err != nil {
			return err
		}
		return s.Save(ctx, &cm)
	})
}

// outsideRetry calls the same helper with no retry: the rewrap hides
// nothing from anyone here.
func (s *store) outsideRetry(ctx context.Context, cm *corev1.ConfigMap) error {
	return s.saveWrapped(ctx, cm)
}
