package proof

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// CRDSetup writes a caller's object with a retry loop of its own.
type CRDSetup struct {
	client.Client
}

// updateWithRetry (humio-operator's webhook setup): every attempt after
// the first re-reads the object, so no attempt resends a refused version.
func (r *CRDSetup) updateWithRetry(ctx context.Context, cm *corev1.ConfigMap) error {
	const maxRetries = 3
	for attempt := range maxRetries {
		if attempt > 0 {
			if err := r.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
				return fmt.Errorf("re-read on attempt %d: %w", attempt+1, err)
			}
			cm.Data["ca"] = "bundle"
		}
		if err := r.Update(ctx, cm); err != nil {
			if attempt < maxRetries-1 {
				time.Sleep(2 * time.Second)
				continue
			}
			return err
		}
		return nil
	}
	return fmt.Errorf("failed after %d attempts", maxRetries)
}

// updateWithCountedRetry: the same with a three-clause loop.
func (r *CRDSetup) updateWithCountedRetry(ctx context.Context, cm *corev1.ConfigMap) error {
	var err error
	for i := 0; i < 5; i++ {
		if i != 0 {
			if err = r.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
				return err
			}
		}
		if err = r.Update(ctx, cm); err == nil {
			return nil
		}
	}
	return err
}

// rereadsOnlyFirst re-reads before the first attempt only: every later
// attempt resends the refused version.
func (r *CRDSetup) rereadsOnlyFirst(ctx context.Context, cm *corev1.ConfigMap) error {
	for attempt := range 3 {
		if attempt == 0 {
			if err := r.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
				return err
			}
		}
		if err := r.Update(ctx, cm); err == nil { // want `r.Update is retried without re-reading cm, so it conflicts again: re-read cm before each retry`
			return nil
		}
	}
	return fmt.Errorf("gave up")
}

// countsDown: a counter that goes down is no attempt number; which
// attempts re-read is not known, and the stale resend is reported.
func (r *CRDSetup) countsDown(ctx context.Context, cm *corev1.ConfigMap) error {
	for left := 3; left > 0; left-- {
		if left < 3 {
			if err := r.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
				return err
			}
		}
		if err := r.Update(ctx, cm); err == nil { // want `r.Update is retried without re-reading cm, so it conflicts again: re-read cm before each retry`
			return nil
		}
	}
	return fmt.Errorf("gave up")
}

// rereadsBeforeTheLoop: the loop's index says nothing of a write made
// before it; the write inside resends what the first one sent.
func (r *CRDSetup) rereadsBeforeTheLoop(ctx context.Context, cms []*corev1.ConfigMap, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil {
		fmt.Println(err)
	}
	for i := range cms {
		if i > 0 {
			continue
		}
		if err := r.Update(ctx, cm); err != nil { // want `cm is written again after r.Update failed, without a re-read, so it conflicts again: re-read cm first, or use retry.RetryOnConflict`
			return err
		}
	}
	return nil
}
