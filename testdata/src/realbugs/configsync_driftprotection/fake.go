// Package configsync_driftprotection reduces a bug fixed in
// GoogleContainerTools/config-sync.
//
//	repo:     https://github.com/GoogleContainerTools/config-sync
//	fix:      https://github.com/GoogleContainerTools/config-sync/pull/1597 (commit 2a3ed27b52d10788b2c4379bb3bb54f6bb4ceb6c)
//	file:     pkg/reconcilermanager/controllers/rootsync_controller_manager_test.go
//	function: testDriftProtection
//
// The test modified an object taken from a watch event and retried only
// the Update under retry.RetryOnConflict: the reconciler-manager changes
// the object asynchronously, and every retry sent the same stale
// resourceVersion. The fix builds a new object and Gets it inside the
// closure before modifying it.
package configsync_driftprotection

import (
	"context"

	"k8s.io/apimachinery/pkg/watch"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// FieldManager is the field manager the fake client records.
const FieldManager = "configsync.gke.io"

// Client stands for config-sync's syncertest fake.Client: a project type
// that implements client.Client over an in-memory store with its own Get
// and Update (the other methods come from the embedded interface here).
type Client struct {
	client.Client
}

var _ client.Client = &Client{}

// Get reads key into obj from the fake's storage.
func (c *Client) Get(ctx context.Context, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
	return nil
}

// Update writes obj to the fake's storage, checking its resourceVersion
// like the API server does.
func (c *Client) Update(ctx context.Context, obj client.Object, opts ...client.UpdateOption) error {
	return nil
}

// watchObjectUntil feeds watch events to fn until it returns nil.
func watchObjectUntil(ctx context.Context, watcher watch.Interface, fn func(watch.Event) error) error {
	for event := range watcher.ResultChan() {
		if fn(event) == nil {
			return nil
		}
	}
	return ctx.Err()
}
