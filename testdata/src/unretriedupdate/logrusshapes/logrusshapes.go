// Package logrusshapes checks logrus as the model knows it, by shape only:
// the error handed to an entry with WithError and logged by the entry's
// methods, and the Fatal family, which ends the program.
package logrusshapes

import (
	"context"

	"github.com/sirupsen/logrus"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

type Syncer struct {
	kube kubernetes.Interface
	log  *logrus.Entry
}

func (s *Syncer) entryWithError(ctx context.Context, cm *corev1.ConfigMap) error {
	if _, err := s.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update of cm is only logged: return it`
		s.log.WithError(err).Error("updating configmap")
	}
	return nil
}

func (s *Syncer) packageWithErrorAndField(ctx context.Context, cm *corev1.ConfigMap) error {
	if _, err := s.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `is only logged`
		logrus.WithError(err).WithField("configmap", cm.Name).Warn("updating configmap")
	}
	return nil
}

func (s *Syncer) packageFatalf(ctx context.Context, cm *corev1.ConfigMap) error {
	if _, err := s.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update is passed to logrus.Fatalf, which exits: re-read cm inside retry.RetryOnConflict`
		logrus.Fatalf("updating configmap: %v", err)
	}
	return nil
}

func (s *Syncer) loggerWithErrorFatal(ctx context.Context, cm *corev1.ConfigMap, l *logrus.Logger) error {
	if _, err := s.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update is passed to WithError\(err\).Fatal, which exits: re-read cm inside retry.RetryOnConflict`
		l.WithError(err).Fatal("updating configmap")
	}
	return nil
}

func (s *Syncer) entryReturned(ctx context.Context, cm *corev1.ConfigMap) error {
	if _, err := s.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // ok: logged, then returned
		s.log.WithError(err).Error("updating configmap")
		return err
	}
	return nil
}

// outbox keeps errors for a reporter out of view; its With carries the
// error like WithError, but Send takes no values to print.
type outbox struct{ errs []error }

func (o *outbox) With(err error) *outbox { o.errs = append(o.errs, err); return o }
func (o *outbox) Send()                  {}

func (s *Syncer) carriedNotLogged(ctx context.Context, cm *corev1.ConfigMap, o *outbox) error {
	if _, err := s.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // ok: handed to a reporter out of view
		o.With(err).Send()
	}
	return nil
}

// fieldThenLog gives the error's text to a logger's field builder, keeps
// the entry, logs with it, and reports success: the text was only logged.
func (s *Syncer) fieldThenLog(ctx context.Context, cm *corev1.ConfigMap) (*corev1.ConfigMap, error) {
	logger := s.log.WithField("configmap", cm.Name)
	updated, err := s.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}) // want `is only logged`
	if err != nil {
		logger = logger.WithField("updateError", err.Error())
		logger.Errorf("updating configmap")
		return nil, nil
	}
	return updated, nil
}

// fieldThenReturn logs the same way and returns the error.
func (s *Syncer) fieldThenReturn(ctx context.Context, cm *corev1.ConfigMap) (*corev1.ConfigMap, error) {
	logger := s.log.WithField("configmap", cm.Name)
	updated, err := s.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}) // ok: returned
	if err != nil {
		logger = logger.WithField("updateError", err.Error())
		logger.Errorf("updating configmap")
		return nil, err
	}
	return updated, nil
}
