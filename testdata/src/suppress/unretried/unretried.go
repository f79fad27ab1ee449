// Package unretried holds suppression cases for an analyzer that reports
// through diag.Report (unretriedupdate).
package unretried

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func onTheLine(ctx context.Context, c client.Client, cm corev1.ConfigMap) {
	_ = c.Update(ctx, &cm) //conflictlint:ignore unretriedupdate the caller resyncs every minute
}

func lineAbove(ctx context.Context, c client.Client, cm corev1.ConfigMap) {
	//conflictlint:ignore unretriedupdate the caller resyncs every minute
	_ = c.Update(ctx, &cm)
}

func severalNames(ctx context.Context, c client.Client, cm corev1.ConfigMap) {
	//conflictlint:ignore ignoredirective,unretriedupdate the caller resyncs every minute
	_ = c.Update(ctx, &cm)
}

func twoLinesAbove(ctx context.Context, c client.Client, cm corev1.ConfigMap) {
	//conflictlint:ignore unretriedupdate too far away // want `conflictlint:ignore directive for unretriedupdate suppresses nothing: remove it`

	_ = c.Update(ctx, &cm) // want `conflict from c.Update cannot be returned by twoLinesAbove: requeue the object, or re-read cm inside retry.RetryOnConflict`
}

func noReason(ctx context.Context, c client.Client, cm corev1.ConfigMap) {
	//conflictlint:ignore unretriedupdate
	_ = c.Update(ctx, &cm) // want `conflict from c.Update cannot be returned by noReason: requeue the object, or re-read cm inside retry.RetryOnConflict`
}

func otherAnalyzer(ctx context.Context, c client.Client, cm corev1.ConfigMap) {
	//conflictlint:ignore ignoredirective the object is fresh
	_ = c.Update(ctx, &cm) // want `conflict from c.Update cannot be returned by otherAnalyzer: requeue the object, or re-read cm inside retry.RetryOnConflict`
}

func unused(ctx context.Context, c client.Client, cm corev1.ConfigMap) error {
	//conflictlint:ignore unretriedupdate the error is returned // want `conflictlint:ignore directive for unretriedupdate suppresses nothing: remove it`
	return c.Update(ctx, &cm)
}

func unusedAmongSeveral(ctx context.Context, c client.Client, cm corev1.ConfigMap) error {
	return c.Update(ctx, &cm) //conflictlint:ignore unretriedupdate,ignoredirective returned // want `conflictlint:ignore directive for unretriedupdate suppresses nothing: remove unretriedupdate from it`
}

func notADirective(ctx context.Context, c client.Client, cm corev1.ConfigMap) {
	//conflictlint:ignored unretriedupdate not the directive's spelling
	_ = c.Update(ctx, &cm) // want `conflict from c.Update cannot be returned by notADirective: requeue the object, or re-read cm inside retry.RetryOnConflict`
}
