// Package contour_updateandwaitfor reduces a bug fixed in projectcontour/contour.
//
//	repo:     https://github.com/projectcontour/contour
//	fix:      https://github.com/projectcontour/contour/pull/6069 (commit 16fa6715729b33d4724dff031d0801d06b036283)
//	file:     test/e2e/framework.go
//	function: updateAndWaitFor
//
// The generic e2e helper updated an object its caller had read earlier and
// handed the error to require.NoError: a concurrent write by the running
// controller made the test fail with a Conflict (a flake) instead of
// re-reading and retrying.
package contour_updateandwaitfor

import (
	"context"
	"time"

	"github.com/stretchr/testify/require"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// updateAndWaitForBuggy is updateAndWaitFor before the fix.
func updateAndWaitForBuggy[T client.Object](t require.TestingT, client client.Client, obj T, condition func(T) bool, interval, timeout time.Duration) (T, bool) {
	require.NoError(t, client.Update(context.Background(), obj)) // realbug: unretriedupdate miss=default "the error is surfaced to the test (require.NoError); only strict mode reports e2e writes"

	key := types.NamespacedName{
		Namespace: obj.GetNamespace(),
		Name:      obj.GetName(),
	}

	if err := wait.PollUntilContextTimeout(context.Background(), interval, timeout, true, func(ctx context.Context) (bool, error) {
		if err := client.Get(ctx, key, obj); err != nil {
			return false, nil
		}
		return condition(obj), nil
	}); err != nil {
		return obj, false
	}
	return obj, true
}

// updateAndWaitForFixed is updateAndWaitFor after the fix: the caller
// passes a mutation, applied to a fresh Get inside RetryOnConflict.
func updateAndWaitForFixed[T client.Object](t require.TestingT, cli client.Client, obj T, mutate func(T), condition func(T) bool, interval, timeout time.Duration) (T, bool) {
	key := client.ObjectKeyFromObject(obj)

	require.NoError(t, retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		if err := cli.Get(context.TODO(), key, obj); err != nil {
			return err
		}
		mutate(obj)
		return cli.Update(context.Background(), obj)
	}))

	if err := wait.PollUntilContextTimeout(context.Background(), interval, timeout, true, func(ctx context.Context) (bool, error) {
		if err := cli.Get(ctx, key, obj); err != nil {
			return false, nil
		}
		return condition(obj), nil
	}); err != nil {
		return obj, false
	}
	return obj, true
}
