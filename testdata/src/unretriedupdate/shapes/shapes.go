// Package shapes checks that writes are found through every way of holding
// a controller-runtime client.
package shapes

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// embedded holds the client as kubebuilder scaffolds it.
type embedded struct {
	client.Client
}

// nested embeds a struct that embeds the client.
type nested struct {
	embedded
}

// auditClient wraps a client with its own Update method; it implements
// client.Writer, so its Update is a write too.
type auditClient struct {
	client.Client
}

func (a *auditClient) Update(ctx context.Context, obj client.Object, opts ...client.UpdateOption) error {
	return a.Client.Update(ctx, obj, opts...) // ok: returned
}

// notAClient has an Update method but is no Kubernetes client.
type notAClient struct{}

func (notAClient) Update(ctx context.Context, obj client.Object, opts ...client.UpdateOption) {}

func shapes(ctx context.Context, mgr manager.Manager, c client.Client, cm *corev1.ConfigMap) {
	e := embedded{Client: c}
	e.Update(ctx, cm) // want `conflict from e.Update cannot be returned by shapes: requeue the object, or re-read cm inside retry.RetryOnConflict`
	n := nested{embedded: e}
	n.Status().Update(ctx, cm)                      // want `conflict from Status\(\).Update cannot be returned by shapes: requeue the object, or re-read cm inside retry.RetryOnConflict`
	mgr.GetClient().Update(ctx, cm)                 // want `conflict from GetClient\(\).Update cannot be returned by shapes: requeue the object, or re-read cm inside retry.RetryOnConflict`
	client.WithFieldOwner(c, "me").Update(ctx, cm)  // want `conflict from WithFieldOwner\(c, "me"\).Update cannot be returned by shapes: requeue the object, or re-read cm inside retry.RetryOnConflict`
	fake.NewClientBuilder().Build().Update(ctx, cm) // want `conflict from Build\(\).Update cannot be returned by shapes: requeue the object, or re-read cm inside retry.RetryOnConflict`
	var w client.Writer = c
	w.Update(ctx, cm) // want `conflict from w.Update cannot be returned by shapes: requeue the object, or re-read cm inside retry.RetryOnConflict`
	var sw client.StatusWriter = c.Status()
	sw.Update(ctx, cm) // want `conflict from sw.Update cannot be returned by shapes: requeue the object, or re-read cm inside retry.RetryOnConflict`
	a := &auditClient{Client: c}
	a.Update(ctx, cm)            // want `conflict from a.Update cannot be returned by shapes: requeue the object, or re-read cm inside retry.RetryOnConflict`
	notAClient{}.Update(ctx, cm) // ok: not a client
}

// Updater is a project's own client interface with exactly the signature
// of controller-runtime's Writer.Update: a call through it is a write.
type Updater interface {
	Update(ctx context.Context, obj client.Object, opts ...client.UpdateOption) error
}

// Storer has an Update of another shape: not taken for a client write.
type Storer interface {
	Update(ctx context.Context, obj client.Object) error
}

func throughOwnInterface(ctx context.Context, u Updater, s Storer, cm *corev1.ConfigMap) {
	_ = u.Update(ctx, cm) // want `conflict from u.Update cannot be returned by throughOwnInterface: requeue the object, or re-read cm inside retry.RetryOnConflict`
	_ = s.Update(ctx, cm) // ok: not a client's shape
}
