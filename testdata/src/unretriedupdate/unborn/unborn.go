// Package unborn: writes that run only while the object's
// creationTimestamp is zero. The API server sets it on every object it
// creates, so after a read such a write never runs on a real cluster (it
// back-fills the timestamp for fake clients, kuberhealthy's GetCheck), and
// an object built here carries no resourceVersion: neither can conflict.
// The same read helper without the guard, with a resourceVersion set by
// hand, or with the guard on another object, is judged as usual.
package unborn

import (
	"context"
	"log"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type HealthCheck struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	OK bool
}

func (in *HealthCheck) DeepCopyObject() runtime.Object { out := *in; return &out }

// EnsureCreationTimestamp sets the timestamp when unset and reports
// whether it did.
func (k *HealthCheck) EnsureCreationTimestamp() bool {
	if k.CreationTimestamp.IsZero() {
		k.CreationTimestamp = metav1.NewTime(time.Now())
		return true
	}
	return false
}

// Stale reports whether the check has not run (not a creationTimestamp test).
func (k *HealthCheck) Stale() bool {
	if k.CreationTimestamp.IsZero() {
		return true
	}
	return !k.OK
}

// GetCheck reads a check and back-fills its timestamp: the Update runs
// only for an object without one, never for what the server returns.
func GetCheck(ctx context.Context, cl client.Client, nn types.NamespacedName) (*HealthCheck, error) {
	out := &HealthCheck{}
	if err := cl.Get(ctx, nn, out); err != nil {
		return nil, err
	}
	if out.EnsureCreationTimestamp() {
		if err := cl.Update(ctx, out); err != nil { // ok: runs only for an object the server did not return
			return nil, err
		}
	}
	return out, nil
}

// stampDirect tests the field itself, through the getter.
func stampDirect(ctx context.Context, cl client.Client, nn types.NamespacedName) {
	out := &HealthCheck{}
	if err := cl.Get(ctx, nn, out); err != nil {
		return
	}
	if out.GetCreationTimestamp().IsZero() && !out.OK {
		out.CreationTimestamp = metav1.Now()
		if err := cl.Update(ctx, out); err != nil { // ok: the same guard, inline
			log.Print(err)
		}
	}
}

// runCheck drops GetCheck's failure: not a lost Conflict, since GetCheck
// cannot return one.
func runCheck(ctx context.Context, cl client.Client, nn types.NamespacedName) {
	check, err := GetCheck(ctx, cl, nn)
	if err != nil {
		log.Print(err)
		return
	}
	_ = check
}

// markStale writes under a test that is not only the creationTimestamp's.
func markStale(ctx context.Context, cl client.Client, nn types.NamespacedName) {
	out := &HealthCheck{}
	if err := cl.Get(ctx, nn, out); err != nil {
		return
	}
	if out.Stale() {
		out.OK = false
		if err := cl.Update(ctx, out); err != nil { // want `conflict from cl.Update cannot be returned by markStale: requeue the object, or re-read out inside retry.RetryOnConflict; lost for good`
			log.Print(err)
		}
	}
}

// stampOther guards on another object's timestamp.
func stampOther(ctx context.Context, cl client.Client, nn types.NamespacedName, template *HealthCheck) {
	out := &HealthCheck{}
	if err := cl.Get(ctx, nn, out); err != nil {
		return
	}
	if template.CreationTimestamp.IsZero() {
		out.OK = true
		if err := cl.Update(ctx, out); err != nil { // want `conflict from cl.Update cannot be returned by stampOther: requeue the object, or re-read out inside retry.RetryOnConflict; lost for good`
			log.Print(err)
		}
	}
}

// stampWithVersion copies a resourceVersion by hand into an object
// without a timestamp: it can conflict.
func stampWithVersion(ctx context.Context, cl client.Client, old *HealthCheck) {
	out := &HealthCheck{}
	out.Name, out.ResourceVersion = old.Name, old.ResourceVersion
	if out.EnsureCreationTimestamp() {
		if err := cl.Update(ctx, out); err != nil { // want `conflict from cl.Update cannot be returned by stampWithVersion: requeue the object, or re-read out inside retry.RetryOnConflict; lost for good`
			log.Print(err)
		}
	}
}

// stampElse writes in the else branch: the object has a timestamp there.
func stampElse(ctx context.Context, cl client.Client, nn types.NamespacedName) {
	out := &HealthCheck{}
	if err := cl.Get(ctx, nn, out); err != nil {
		return
	}
	if out.CreationTimestamp.IsZero() {
		return
	} else {
		out.OK = true
		if err := cl.Update(ctx, out); err != nil { // want `conflict from cl.Update cannot be returned by stampElse: requeue the object, or re-read out inside retry.RetryOnConflict; lost for good`
			log.Print(err)
		}
	}
}

var _ = runCheck
var _ = stampDirect
var _ = markStale
var _ = stampOther
var _ = stampWithVersion
var _ = stampElse
