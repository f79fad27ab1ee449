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
		if err := r.Update(ctx, cm); err != nil { // want `cm is written again after r.Update failed, without a re-read, so it conflicts again: re-read cm first, or use retry.RetryOnConflict`
			log.Printf("second try: %v", err)
		}
	}
}

// retryOnModified: a Conflict's message says the object has been
// modified, so it reaches the second write.
func (r *FallbackReconciler) retryOnModified(ctx context.Context, cm *corev1.ConfigMap) {
	err := r.Update(ctx, cm)
	if err != nil && strings.Contains(err.Error(), "the object has been modified") {
		if err := r.Update(ctx, cm); err != nil { // want `cm is written again after r.Update failed, without a re-read, so it conflicts again: re-read cm first, or use retry.RetryOnConflict`
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

// Refresher brings an object up to date, by means the walk cannot see.
type Refresher interface {
	Refresh(ctx context.Context, obj *corev1.ConfigMap) error
}

// RefreshingReconciler refreshes through a project interface.
type RefreshingReconciler struct {
	Reconciler
	refresher Refresher
	refresh   func(ctx context.Context, obj *corev1.ConfigMap) error
}

// refreshedByInterface: the interface's implementation may read cm again.
func (r *RefreshingReconciler) refreshedByInterface(ctx context.Context, cm *corev1.ConfigMap) {
	if err := r.Update(ctx, cm); err != nil {
		if err := r.refresher.Refresh(ctx, cm); err != nil {
			log.Printf("refresh: %v", err)
			return
		}
		if err := r.Update(ctx, cm); err != nil { // ok: r.refresher.Refresh may have read cm again
			log.Printf("second try: %v", err)
		}
	}
}

// refreshedByFunc: so may a func value.
func (r *RefreshingReconciler) refreshedByFunc(ctx context.Context, cm *corev1.ConfigMap) {
	if err := r.Update(ctx, cm); err != nil {
		_ = r.refresh(ctx, cm)
		if err := r.Update(ctx, cm); err != nil { // ok: r.refresh may have read cm again
			log.Printf("second try: %v", err)
		}
	}
}

// loggedOnly: a logger's ...any argument reads nothing.
func (r *RefreshingReconciler) loggedOnly(ctx context.Context, cm *corev1.ConfigMap, logf func(format string, args ...any)) {
	if err := r.Update(ctx, cm); err != nil {
		logf("update of %v failed: %v", cm, err)
		if err := r.Update(ctx, cm); err != nil { // want `cm is written again after r.Update failed, without a re-read, so it conflicts again: re-read cm first, or use retry.RetryOnConflict`
			log.Printf("second try: %v", err)
		}
	}
}
