// Package operatorsdk_memcachedscale reduces a bug fixed in
// operator-framework/operator-sdk.
//
//	repo:     https://github.com/operator-framework/operator-sdk
//	fix:      https://github.com/operator-framework/operator-sdk/pull/1598 (commit b11d50eea2701f0de398cf1c7ed81bfe546fa8ea; the retry came in PR 1585)
//	file:     test/test-framework/test/e2e/memcached_test.go (and test/e2e/memcached_test.go), over pkg/test/client.go
//	function: memcachedScaleTest (e2e), writing through the test framework's FrameworkClient
//
// The e2e test read the Memcached custom resource once, then changed its
// size and updated it inside retry.RetryOnConflict; the closure never
// re-read the resource, so after a Conflict (the operator writes the
// resource's status while the test runs) every attempt resent the same
// resourceVersion and failed again, and the test flaked. The fix moves
// the Get into the closure.
package operatorsdk_memcachedscale

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type MemcachedSpec struct {
	Size int32
}

type Memcached struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec MemcachedSpec
}

func (in *Memcached) DeepCopyObject() runtime.Object { out := *in; return &out }

// FrameworkClient is the test framework's client interface (pkg/test).
// The framework took runtime.Object in 2019; the reduction takes
// client.Object, as today's controller-runtime does.
type FrameworkClient interface {
	Get(ctx context.Context, key client.ObjectKey, obj client.Object) error
	Create(ctx context.Context, obj client.Object, cleanupOptions *CleanupOptions) error
	Update(ctx context.Context, obj client.Object) error
}

type frameworkClient struct {
	client.Client
}

type CleanupOptions struct{}

func (f *frameworkClient) Get(ctx context.Context, key client.ObjectKey, obj client.Object) error {
	return f.Client.Get(ctx, key, obj)
}

func (f *frameworkClient) Create(ctx context.Context, obj client.Object, cleanupOptions *CleanupOptions) error {
	return f.Client.Create(ctx, obj)
}

func (f *frameworkClient) Update(ctx context.Context, obj client.Object) error {
	return f.Client.Update(ctx, obj) // realbug: unretriedupdate fp=strict "the framework wrapper's own write, called from retry closures through the FrameworkClient interface, which strict mode does not follow"
}

// Framework is the e2e framework's global state.
type Framework struct {
	Client FrameworkClient
}

type TestCtx struct {
	namespace string
}

func (c *TestCtx) GetNamespace() (string, error) { return c.namespace, nil }

func waitForDeployment(namespace, name string, replicas int) error { return nil }
