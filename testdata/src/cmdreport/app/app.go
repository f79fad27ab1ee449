// Package app is a small run for the output formats and the baseline of
// cmd/conflictlint (see cmd/conflictlint/format_test.go): a plain finding,
// a helper's finding with a related location, two equal findings in one
// function, a suppressed one, and an unused directive with its fix.
package app

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Syncer struct {
	c client.Client
}

func (s *Syncer) dropped(ctx context.Context, cm corev1.ConfigMap) {
	_ = s.c.Update(ctx, &cm)
}

func save(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return c.Update(ctx, cm)
}

func viaHelper(ctx context.Context, c client.Client, cm corev1.ConfigMap) {
	_ = save(ctx, c, &cm)
}

func twice(ctx context.Context, c client.Client, cm corev1.ConfigMap) {
	/* ünïcödé */ _ = c.Update(ctx, &cm)
	_ = c.Update(ctx, &cm)
}

func suppressed(ctx context.Context, c client.Client, cm corev1.ConfigMap) {
	//conflictlint:ignore unretriedupdate the caller resyncs every minute
	_ = c.Update(ctx, &cm)
}

func returned(ctx context.Context, c client.Client, cm corev1.ConfigMap) error {
	//conflictlint:ignore unretriedupdate stale: the error is returned now
	return c.Update(ctx, &cm)
}
