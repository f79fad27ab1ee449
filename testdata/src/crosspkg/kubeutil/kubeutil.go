// Package kubeutil holds shared helpers, the way operators keep them in
// pkg/util: their behaviour reaches other packages through facts.
package kubeutil

import (
	"context"
	"fmt"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// RetryUpdate runs fn again while it fails with Conflict.
func RetryUpdate(fn func() error) error { // want RetryUpdate:`retries\(param 0\)`
	return retry.RetryOnConflict(retry.DefaultRetry, fn)
}

// RetryWithContext wraps another wrapper.
func RetryWithContext(ctx context.Context, fn func(context.Context) error) error { // want RetryWithContext:`retries\(param 1\)`
	return retry.OnError(retry.DefaultBackoff, apierrors.IsConflict, func() error { return fn(ctx) })
}

// SetPhase writes the phase and returns the write's error.
func SetPhase(ctx context.Context, c client.Client, foo *foov1.Foo, phase string) error { // want SetPhase:`returnsConflict\(param 2, as given 2\)`
	foo.Status.Phase = phase
	return c.Status().Update(ctx, foo)
}

// MarkSeen is a second helper over SetPhase: the failure it returns is
// SetPhase's, so it is a returner too.
func MarkSeen(ctx context.Context, c client.Client, foo *foov1.Foo) error { // want MarkSeen:`returnsConflict\(param 2, as given 2\)`
	return markPhase(ctx, c, foo, "Seen")
}

func markPhase(ctx context.Context, c client.Client, foo *foov1.Foo, phase string) error {
	if err := SetPhase(ctx, c, foo, phase); err != nil {
		return fmt.Errorf("mark %s: %w", phase, err)
	}
	return nil
}

// Store reads Foos.
type Store struct{ C client.Client }

// Latest returns a freshly read Foo.
func (s *Store) Latest(ctx context.Context, key client.ObjectKey) (*foov1.Foo, error) { // want Latest:`reads\(param -1, result 0\)`
	foo := &foov1.Foo{}
	if err := s.C.Get(ctx, key, foo); err != nil {
		return nil, err
	}
	return foo, nil
}

// Refresh reads foo again in place.
func (s *Store) Refresh(ctx context.Context, foo *foov1.Foo) error { // want Refresh:`reads\(param 1, result -1\)`
	return s.C.Get(ctx, client.ObjectKeyFromObject(foo), foo)
}

// retryQuietly is unexported: no fact is exported for it.
func retryQuietly(fn func() error) error {
	return retry.RetryOnConflict(retry.DefaultRetry, fn)
}

var _ = retryQuietly

// PhaseError says a phase could not be reached.
type PhaseError struct{ Phase string }

func (e *PhaseError) Error() string { return "phase " + e.Phase + " not reached" }

// NewPhaseError never returns nil: returning it hands a failure on.
func NewPhaseError(phase string) error { // want NewPhaseError:`neverNilError`
	return &PhaseError{Phase: phase}
}

// NewSecrets builds the Secrets an installer writes, without a
// resourceVersion.
func NewSecrets(ns string) ([]*corev1.Secret, error) { // want NewSecrets:`freshBuild\(result 0\)`
	if ns == "" {
		return nil, &PhaseError{Phase: "namespace"}
	}
	return []*corev1.Secret{newSecret(ns, "ca"), newSecret(ns, "serving")}, nil
}

func newSecret(ns, name string) *corev1.Secret {
	return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns}}
}

// WriteSecrets creates each Secret, and replaces the stored one when it
// exists: it sends the Secrets as its caller built them.
func WriteSecrets(ctx context.Context, cs kubernetes.Interface, secrets []*corev1.Secret) error { // want WriteSecrets:`returnsConflict\(param -1, as given 2\)`
	for _, s := range secrets {
		if _, err := cs.CoreV1().Secrets(s.Namespace).Create(ctx, s, metav1.CreateOptions{}); err == nil || !apierrors.IsAlreadyExists(err) {
			continue
		}
		if _, err := cs.CoreV1().Secrets(s.Namespace).Update(ctx, s, metav1.UpdateOptions{}); err != nil {
			return err
		}
	}
	return nil
}

// ReplaceSecret reads the stored Secret's version onto s before writing
// it: what it sends is versioned whatever the caller built.
func ReplaceSecret(ctx context.Context, cs kubernetes.Interface, s *corev1.Secret) error { // want ReplaceSecret:`returnsConflict\(param 2, as given -1\)` ReplaceSecret:`reads\(param 2, result -1\)`
	live, err := cs.CoreV1().Secrets(s.Namespace).Get(ctx, s.Name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	s.ResourceVersion = live.ResourceVersion
	_, err = cs.CoreV1().Secrets(s.Namespace).Update(ctx, s, metav1.UpdateOptions{})
	return err
}
