package configsync_driftprotection

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// testDriftProtectionBuggy is testDriftProtection before the fix.
func testDriftProtectionBuggy(t *testing.T, fakeClient *Client, watcher watch.Interface, key client.ObjectKey, modify func(client.Object) error) {
	ctx := context.Background()

	var obj client.Object
	err := watchObjectUntil(ctx, watcher, func(event watch.Event) error {
		obj = event.Object.(client.Object)
		return nil
	})
	require.NoError(t, err)

	err = modify(obj)
	require.NoError(t, err)
	err = retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		return fakeClient.Update(ctx, obj, client.FieldOwner(FieldManager)) // realbug: retryreget
	})
	require.NoError(t, err)
}

// testDriftProtectionFixed is testDriftProtection after the fix: a new
// object, read and modified inside the closure.
func testDriftProtectionFixed(t *testing.T, fakeClient *Client, watcher watch.Interface, key client.ObjectKey, newObject func() client.Object, modify func(client.Object) error) {
	ctx := context.Background()

	err := watchObjectUntil(ctx, watcher, func(event watch.Event) error {
		return nil
	})
	require.NoError(t, err)

	err = retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		obj := newObject()
		if err := fakeClient.Get(ctx, key, obj); err != nil {
			return err
		}
		if err := modify(obj); err != nil {
			return err
		}
		return fakeClient.Update(ctx, obj, client.FieldOwner(FieldManager))
	})
	require.NoError(t, err)
}
