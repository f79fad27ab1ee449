// Package quiet imports the Kubernetes clients but never writes, reads or
// retries through them: it only names their types and calls methods that
// happen to share a write's name. The model skips it without a walk.
package quiet // want "not relevant"

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// cache has Get and Update methods that take no client type.
type cache struct{ items map[string]*corev1.Pod }

func (c *cache) Get(key string) *corev1.Pod        { return c.items[key] }
func (c *cache) Update(key string, p *corev1.Pod) { c.items[key] = p }

// keyOf only uses client's types.
func keyOf(p *corev1.Pod) client.ObjectKey {
	return client.ObjectKey{Namespace: p.Namespace, Name: p.Name}
}

func refresh(ctx context.Context, c *cache, p *corev1.Pod) {
	_ = ctx
	c.Update(keyOf(p).String(), p) // ok: not a client write
	_ = c.Get(keyOf(p).String())
}
