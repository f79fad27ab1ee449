// Package errorfirst holds helpers whose write's failure is not their last
// result (Kubernetes' storage version migrator returns (err, failed), and
// kubectl's cordon helper (err, patchErr)): the failure rides in whichever
// result holds it.
package errorfirst

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

type migrator struct{ cs kubernetes.Interface }

// mark writes cm and returns the write's failure first, then whether the
// migration failed for good.
func (m *migrator) mark(ctx context.Context, cm *corev1.ConfigMap) (err error, failed bool) {
	cm.Data = map[string]string{"migrated": "true"}
	if _, err := m.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		return err, false
	}
	return nil, false
}

// cordon returns its write's failure first and a second, unrelated one.
func (m *migrator) cordon(ctx context.Context, cm *corev1.ConfigMap) (error, error) {
	cm.Data = map[string]string{"cordoned": "true"}
	_, err := m.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{})
	return err, nil
}

func (m *migrator) sync(ctx context.Context, cm *corev1.ConfigMap) error {
	err, failed := m.mark(ctx, cm) // ok: the first result is returned
	if err != nil {
		return err
	}
	if failed {
		return fmt.Errorf("migration of %s failed", cm.Name)
	}
	err, patchErr := m.cordon(ctx, cm) // ok: the first result is returned
	if patchErr != nil {
		return patchErr
	}
	return err
}

func (m *migrator) syncQuietly(ctx context.Context, cm *corev1.ConfigMap) error {
	_, failed := m.mark(ctx, cm) // want `conflict from m.mark is dropped: return it, or re-read cm inside retry.RetryOnConflict`
	if failed {
		return fmt.Errorf("migration of %s failed", cm.Name)
	}
	return nil
}
