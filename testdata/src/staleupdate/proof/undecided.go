package proof

import (
	"context"
	"errors"
	"log"
	"strings"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
)

// Fallback decides whether a failed write is worth a second try.
type Fallback interface {
	Permanent(err error) bool
}

// FallbackReconciler writes through a controller-runtime client.
type FallbackReconciler struct {
	Reconciler
	policy   Fallback
	classify func(error) string
}

var errQuota = errors.New("quota exceeded")

// retryUnlessPermanent: whether a Conflict reaches the second write
// depends on a policy the walk cannot see.
func (r *FallbackReconciler) retryUnlessPermanent(ctx context.Context, cm *corev1.ConfigMap) {
	if err := r.Update(ctx, cm); err != nil {
		if r.policy.Permanent(err) {
			return
		}
		cm.Data["attempt"] = "2"
		if err := r.Update(ctx, cm); err != nil { // ok: r.policy.Permanent(err) is undecided on a Conflict
			log.Printf("second try: %v", err)
		}
	}
}

// retryByClass: a switch on a class the walk cannot compute.
func (r *FallbackReconciler) retryByClass(ctx context.Context, cm *corev1.ConfigMap) {
	err := r.Update(ctx, cm)
	switch r.classify(err) {
	case "transient":
		if err := r.Update(ctx, cm); err != nil { // ok: the class of a Conflict is unknown
			log.Printf("second try: %v", err)
		}
	}
}

// retryUnlessQuota: a Conflict is not errQuota, so it reaches the second
// write.
func (r *FallbackReconciler) retryUnlessQuota(ctx context.Context, cm *corev1.ConfigMap) {
	if err := r.Update(ctx, cm); err != nil {
		if errors.Is(err, errQuota) {
			return
		}
		if err := r.Update(ctx, cm); err != nil { // want `cm is written again after r.Update\(ctx, cm\) failed`
			log.Printf("second try: %v", err)
		}
	}
}

// retryOnModified: a Conflict's message says the object has been
// modified, so it reaches the second write.
func (r *FallbackReconciler) retryOnModified(ctx context.Context, cm *corev1.ConfigMap) {
	err := r.Update(ctx, cm)
	if err != nil && strings.Contains(err.Error(), "the object has been modified") {
		if err := r.Update(ctx, cm); err != nil { // want `cm is written again after r.Update\(ctx, cm\) failed`
			log.Printf("second try: %v", err)
		}
	}
}

// retryOnNotFound: only a NotFound reaches the second write.
func (r *FallbackReconciler) retryOnNotFound(ctx context.Context, cm *corev1.ConfigMap) {
	err := r.Update(ctx, cm)
	if err != nil && !apierrors.IsNotFound(err) {
		return
	}
	if err := r.Update(ctx, cm); err != nil { // ok: reached after success (refreshed in place) or a NotFound
		log.Printf("second try: %v", err)
	}
}
