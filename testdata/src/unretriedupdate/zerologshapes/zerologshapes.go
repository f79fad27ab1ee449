// Package zerologshapes checks zerolog as a logger: an error given to an
// event (Err) is only logged, unless the event began as Fatal or Panic,
// which end the program when the event is sent (k8gb's Ingress handler).
package zerologshapes

import (
	"context"

	"github.com/rs/zerolog"
	"github.com/rs/zerolog/log"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

type Syncer struct {
	kube   kubernetes.Interface
	logger zerolog.Logger
}

func (s *Syncer) loggerErr(ctx context.Context, cm *corev1.ConfigMap) {
	if _, err := s.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update cannot be returned by loggerErr`
		s.logger.Err(err).Msg("update failed")
	}
}

func (s *Syncer) globalErrorEvent(ctx context.Context, cm *corev1.ConfigMap) {
	if _, err := s.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update cannot be returned by globalErrorEvent`
		log.Error().Err(err).Str("name", cm.Name).Msg("update failed")
	}
}

func (s *Syncer) fatalEvent(ctx context.Context, cm *corev1.ConfigMap) {
	if _, err := s.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update ends the program: .*; reported by exit status`
		log.Fatal().Err(err).Msg("update failed")
	}
}

func (s *Syncer) loggedThenReturned(ctx context.Context, cm *corev1.ConfigMap) error {
	if _, err := s.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // ok: logged, then returned
		s.logger.Err(err).Msg("update failed")
		return err
	}
	return nil
}
