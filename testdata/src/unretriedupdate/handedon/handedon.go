// Package handedon holds failures that reach someone who acts on them in
// ways other than a returned error: a count of failures the caller gets,
// a queue of the project's own, and an error handler only ever called
// with a non-nil error.
package handedon

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"example.com/errkit"
	pkgerrors "github.com/pkg/errors"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type syncer struct {
	c     client.Client
	queue DelayingQueue
}

// syncAll counts the failures and returns the count: the caller learns it.
func (s *syncer) syncAll(ctx context.Context, cms []corev1.ConfigMap) int {
	failed := 0
	for i := range cms {
		if err := s.c.Update(ctx, &cms[i]); err != nil { // ok: counted and returned
			klog.Error(err)
			failed++
			continue
		}
	}
	return failed
}

// syncQuietly counts the failures but keeps the count.
func (s *syncer) syncQuietly(ctx context.Context, cms []corev1.ConfigMap) {
	failed := 0
	for i := range cms {
		if err := s.c.Update(ctx, &cms[i]); err != nil { // want `conflict from s.c.Update cannot be returned by syncQuietly: requeue the object, or re-read cms\[i\] inside retry.RetryOnConflict`
			klog.Error(err)
			failed++
		}
	}
	klog.Infof("%d failed", failed)
}

// syncNamed lists what failed and returns an error when the list is not
// empty (the reduction of ob-operator's BatchUpdateK8sClusterNodes): the
// caller is told. A later turn's append keeps the list non-empty.
func (s *syncer) syncNamed(ctx context.Context, cms []corev1.ConfigMap) error {
	var failed []string
	for i := range cms {
		if cms[i].Name == "" {
			failed = append(failed, "(unnamed)")
			continue
		}
		if err := s.c.Update(ctx, &cms[i]); err != nil { // ok: named in the error returned
			klog.Error(err)
			failed = append(failed, cms[i].Name)
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("update failed: %s", strings.Join(failed, ","))
	}
	return nil
}

// syncNamedQuietly lists what failed and only logs the list.
func (s *syncer) syncNamedQuietly(ctx context.Context, cms []corev1.ConfigMap) error {
	var failed []string
	for i := range cms {
		if err := s.c.Update(ctx, &cms[i]); err != nil { // want `conflict from s.c.Update is only logged: return it, or re-read cms\[i\] inside retry.RetryOnConflict`
			klog.Error(err)
			failed = append(failed, cms[i].Name)
		}
	}
	if len(failed) > 0 {
		klog.Infof("update failed: %s", strings.Join(failed, ","))
	}
	return nil
}

// DelayingQueue is a queue of the project's own.
type DelayingQueue interface {
	AddWeightAfter(key string, weight int, after time.Duration)
}

// syncOne puts the key back on the project's queue.
func (s *syncer) syncOne(ctx context.Context, cm *corev1.ConfigMap) {
	if err := s.c.Update(ctx, cm); err != nil { // ok: requeued
		klog.Error(err)
		s.queue.AddWeightAfter(cm.Name, 1, time.Second)
	}
}

// handleFailure records a failure and returns it; every caller passes it
// an error known to be non-nil.
func (s *syncer) handleFailure(ctx context.Context, err error, cm *corev1.ConfigMap) error {
	cm.Annotations = map[string]string{"failed": err.Error()}
	if uerr := s.c.Update(ctx, cm); uerr != nil { // ok: the caller's non-nil error is returned
		klog.Error(uerr)
		return err
	}
	return err
}

func (s *syncer) provision(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := s.c.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
		return s.handleFailure(ctx, err, cm)
	}
	return s.handleFailure(ctx, errors.New("not ready"), cm)
}

// noteFailure is called once with an error that may be nil.
func (s *syncer) noteFailure(ctx context.Context, err error, cm *corev1.ConfigMap) error {
	if uerr := s.c.Update(ctx, cm); uerr != nil { // want `conflict from s.c.Update is only logged: return it, or re-read cm inside retry.RetryOnConflict`
		klog.Error(uerr)
		return err
	}
	return nil
}

func (s *syncer) deprovision(ctx context.Context, cm *corev1.ConfigMap) error {
	err := s.c.Delete(ctx, cm)
	return s.noteFailure(ctx, err, cm)
}

// labelOnFailure records why the Get failed and returns that error.
func (s *syncer) labelOnFailure(ctx context.Context, cm *corev1.ConfigMap, other *corev1.ConfigMap) error {
	if err := s.c.Get(ctx, client.ObjectKeyFromObject(other), other); err != nil {
		cm.Labels = map[string]string{"failure": "get"}
		if err := s.c.Update(ctx, cm); err != nil { // ok: the Get's error, known non-nil, is returned
			klog.Error(err)
		}
		return pkgerrors.Wrap(err, "getting the other config map")
	}
	return nil
}

// labelOnFailureKit wraps with another library's wrapper.
func (s *syncer) labelOnFailureKit(ctx context.Context, cm *corev1.ConfigMap, other *corev1.ConfigMap) error {
	if err := s.c.Get(ctx, client.ObjectKeyFromObject(other), other); err != nil {
		cm.Labels = map[string]string{"failure": "get"}
		if err := s.c.Update(ctx, cm); err != nil { // ok: the Get's error, known non-nil, is returned wrapped
			klog.Error(err)
		}
		return errkit.Wrapf(err, "getting %s", other.Name)
	}
	return nil
}
