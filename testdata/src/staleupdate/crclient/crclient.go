// Package crclient holds staleupdate cases for controller-runtime clients.
package crclient

import (
	"context"
	"log"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Reconciler struct {
	client.Client
}

// againInErrorBranch only logs the second write's failure: its Conflict
// is lost, and the write was bound to conflict.
func (r *Reconciler) againInErrorBranch(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil {
		cm.Data["attempt"] = "2"
		if err := r.Update(ctx, cm); err != nil { // want `cm is written again after r.Update failed, without a re-read, so it conflicts again: re-read cm first, or use retry.RetryOnConflict; lost for good`
			log.Printf("second attempt: %v", err)
		}
	}
	return nil
}

// againReturned returns the second write's error: it resends the version
// the server just refused, so it is certain to fail; its Conflict goes back
// to the caller, whose retry reads cm again (requeued).
func (r *Reconciler) againReturned(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil {
		cm.Data["attempt"] = "2"
		return r.Update(ctx, cm) // want `cm is written again after r\.Update failed, without a re-read, so it conflicts again: re-read cm first, or use retry\.RetryOnConflict; no fix: cm comes from the caller, and a re-read would drop the caller's changes$`
	}
	return nil
}

func (r *Reconciler) onConflict(ctx context.Context, cm *corev1.ConfigMap) error {
	err := r.Update(ctx, cm)
	if apierrors.IsConflict(err) {
		if err := r.Update(ctx, cm); err != nil { // want `cm is written again after r.Update failed, without a re-read, so it conflicts again: re-read cm first, or use retry.RetryOnConflict`
			log.Printf("second attempt: %v", err)
		}
		return nil
	}
	return err
}

func (r *Reconciler) loggedThenStatus(ctx context.Context, dep *appsv1.Deployment) error {
	err := r.Update(ctx, dep)
	if err != nil {
		log.Printf("update failed: %v", err)
	}
	dep.Status.ReadyReplicas = 1
	return r.Status().Update(ctx, dep) // want `dep is written again after r\.Update failed, without a re-read, so it conflicts again: re-read dep first, or use retry\.RetryOnConflict; no fix: dep comes from the caller, and a re-read would drop the caller's changes$`
}

func (r *Reconciler) mutatedBeforeLoop(ctx context.Context, cm *corev1.ConfigMap) error {
	cm.Data["k"] = "v"
	var err error
	for i := 0; i < 3; i++ {
		if err = r.Update(ctx, cm); err == nil { // want `r.Update is retried without re-reading cm, so it conflicts again: re-read cm before each retry; no fix: cm comes from the caller, and a re-read would drop the caller's changes; redone when requeued`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func (r *Reconciler) retryOnlyConflicts(ctx context.Context, cm *corev1.ConfigMap) error {
	for {
		err := r.Update(ctx, cm) // want `r.Update is retried without re-reading cm, so it conflicts again: re-read cm before each retry`
		if !apierrors.IsConflict(err) {
			return err
		}
	}
}

func (r *Reconciler) gotoRetry(ctx context.Context, cm *corev1.ConfigMap) error {
	attempts := 0
again:
	attempts++
	if err := r.Update(ctx, cm); err != nil { // want `r.Update is retried without re-reading cm, so it conflicts again: re-read cm before each retry`
		if attempts < 3 {
			goto again
		}
		return err
	}
	return nil
}

func (r *Reconciler) fallbackToPatch(ctx context.Context, cm *corev1.ConfigMap) error {
	err := r.Update(ctx, cm)
	switch {
	case err == nil:
		return nil
	case apierrors.IsConflict(err):
		patch := client.MergeFromWithOptions(cm.DeepCopy(), client.MergeFromWithOptimisticLock{})
		cm.Data["k"] = "v"
		if err := r.Patch(ctx, cm, patch); err != nil { // want `cm is written again after r.Update failed, without a re-read, so it conflicts again: re-read cm first, or use retry.RetryOnConflict`
			log.Printf("patch: %v", err)
		}
		return nil
	}
	return err
}

func (r *Reconciler) loopRereads(ctx context.Context, key client.ObjectKey) error {
	var cm corev1.ConfigMap
	for i := 0; i < 3; i++ {
		if err := r.Get(ctx, key, &cm); err != nil {
			return err
		}
		cm.Data["k"] = "v"
		err := r.Update(ctx, &cm) // ok: re-read at the top of every attempt
		if err == nil || !apierrors.IsConflict(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}

func (r *Reconciler) otherObject(ctx context.Context, cm *corev1.ConfigMap, sec *corev1.Secret) error {
	if err := r.Update(ctx, cm); err != nil {
		return r.Update(ctx, sec) // ok: a different object
	}
	return nil
}

func (r *Reconciler) specThenStatus(ctx context.Context, dep *appsv1.Deployment) error {
	if err := r.Update(ctx, dep); err != nil {
		return err
	}
	dep.Status.ReadyReplicas = 2
	return r.Status().Update(ctx, dep) // ok: a successful Update refreshed dep in place
}

func (r *Reconciler) thenCreateOrUpdate(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil {
		_, err = controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error { return nil }) // ok: CreateOrUpdate Gets cm first
		return err
	}
	return nil
}

func (r *Reconciler) inRetryScope(ctx context.Context, cm *corev1.ConfigMap) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := r.Update(ctx, cm); err != nil {
			return r.Update(ctx, cm) // ok: inside a retry scope, retryreget's to report
		}
		return nil
	})
}

func (r *Reconciler) refresh(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.Get(ctx, client.ObjectKeyFromObject(cm), cm)
}

func (r *Reconciler) helperRereads(ctx context.Context, cm *corev1.ConfigMap) error {
	for i := 0; i < 3; i++ {
		if err := r.Update(ctx, cm); err == nil { // ok: refresh Gets cm before the next attempt
			return nil
		}
		if err := r.refresh(ctx, cm); err != nil {
			return err
		}
	}
	return nil
}

func (r *Reconciler) errorDropped(ctx context.Context, cm *corev1.ConfigMap) {
	_ = r.Update(ctx, cm)
	cm.Data["k"] = "v"
	_ = r.Update(ctx, cm) // ok: not known to have failed (the dropped error is unretriedupdate's)
}

func (r *Reconciler) reassignedFromCall(ctx context.Context, cm *corev1.ConfigMap, fresh func() *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil {
		cm = fresh()
		return r.Update(ctx, cm) // ok: cm was assigned again
	}
	return nil
}

// rangeEach writes each element once: the range variable is another object
// on every iteration, so a failure followed by the next iteration is no
// reuse.
func (r *Reconciler) rangeEach(ctx context.Context, cms []*corev1.ConfigMap) {
	for _, cm := range cms {
		cm.Labels = map[string]string{"seen": "true"}
		if err := r.Update(ctx, cm); err != nil { // ok: the next iteration writes another ConfigMap
			continue
		}
	}
}

// allowedNs is an entry of a map of namespaces keyed by name.
type allowedNs struct {
	ns     corev1.Namespace
	marked bool
}

// annotate writes ns and hands its failure on.
func (r *Reconciler) annotate(ctx context.Context, ns *corev1.Namespace) error {
	ns.Annotations = map[string]string{"slice": "blue"}
	return r.Update(ctx, ns)
}

// lookupEach writes, on each iteration, the entry it looks up by the
// range variable (worker-operator's allowed namespaces): each
// iteration's v is another copy of another entry.
func (r *Reconciler) lookupEach(ctx context.Context, names []string, byName map[string]allowedNs) {
	for _, name := range names {
		if v, ok := byName[name]; ok {
			if err := r.annotate(ctx, &v.ns); err != nil { // ok: the next iteration looks up another namespace
				continue
			}
		}
	}
}

// rangeTwice writes the same element twice in one iteration after a
// failure: that is a reuse.
func (r *Reconciler) rangeTwice(ctx context.Context, cms []*corev1.ConfigMap) {
	for _, cm := range cms {
		if err := r.Update(ctx, cm); err != nil {
			cm.Labels = map[string]string{"failed": "true"}
			_ = r.Update(ctx, cm) // want `cm is written again after r.Update failed, without a re-read, so it conflicts again: re-read cm first, or use retry.RetryOnConflict`
		}
	}
}
