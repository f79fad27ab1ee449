// Package mirror loops on the channel that another package's Client
// returns from WatchAll (its SignalChannelFact): a lost write of the kind
// that channel signals is redone by the next change.
package mirror

import (
	"context"
	"log"

	"consequence/channelwatch"

	corev1 "k8s.io/api/core/v1"
)

type Mirror struct {
	client channelwatch.Client
	cm     *corev1.ConfigMap
}

func (m *Mirror) Run(ctx context.Context) {
	ch, err := m.client.WatchAll(ctx.Done())
	if err != nil {
		return
	}
	for range ch {
		m.publish(ctx)
	}
}

func (m *Mirror) publish(ctx context.Context) {
	cm := m.cm.DeepCopy()
	cm.Data = map[string]string{"mirrored": "true"}
	if err := m.client.UpdateConfigMap(ctx, cm); err != nil { // want `conflict from m.client.UpdateConfigMap cannot be returned by publish: requeue the object, or re-read cm inside retry.RetryOnConflict; lost until the next event`
		log.Printf("mirror: %v", err)
	}
}
