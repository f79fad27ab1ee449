package operatorsdk_memcachedscale

import (
	"context"
	"fmt"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
)

// memcachedScaleTestBuggy is memcachedScaleTest before the fix.
func memcachedScaleTestBuggy(t *testing.T, f *Framework, ctx *TestCtx, fromReplicas, toReplicas int) error {
	namespace, err := ctx.GetNamespace()
	if err != nil {
		return fmt.Errorf("could not get namespace: %v", err)
	}
	exampleMemcached := &Memcached{
		ObjectMeta: metav1.ObjectMeta{Name: "example-memcached", Namespace: namespace},
		Spec:       MemcachedSpec{Size: int32(fromReplicas)},
	}
	key := types.NamespacedName{Name: exampleMemcached.GetName(), Namespace: exampleMemcached.GetNamespace()}
	if err := f.Client.Create(context.TODO(), exampleMemcached, &CleanupOptions{}); err != nil {
		return fmt.Errorf("could not create %q: %v", key, err)
	}
	if err := waitForDeployment(namespace, "example-memcached", fromReplicas); err != nil {
		return fmt.Errorf("failed waiting for %d deployment/%s replicas: %v", fromReplicas, key.Name, err)
	}

	err = f.Client.Get(context.TODO(), key, exampleMemcached)
	if err != nil {
		return fmt.Errorf("could not get memcached CR %q: %v", key, err)
	}

	err = retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		exampleMemcached.Spec.Size = int32(toReplicas)
		t.Logf("Attempting memcached %q update, resourceVersion: %s", key, exampleMemcached.GetResourceVersion())
		return f.Client.Update(context.TODO(), exampleMemcached) // realbug: retryreget miss=default,strict "the write goes through the test framework's FrameworkClient interface, a wrapper over the controller-runtime client, which is not resolved to a write (checked: with the controller-runtime client it is found)"
	})
	if err != nil {
		return fmt.Errorf("could not update memcached CR %q: %v", key, err)
	}
	return waitForDeployment(key.Namespace, key.Name, toReplicas)
}

// memcachedScaleTestFixed is memcachedScaleTest after the fix.
func memcachedScaleTestFixed(t *testing.T, f *Framework, ctx *TestCtx, fromReplicas, toReplicas int) error {
	namespace, err := ctx.GetNamespace()
	if err != nil {
		return fmt.Errorf("could not get namespace: %v", err)
	}
	exampleMemcached := &Memcached{
		ObjectMeta: metav1.ObjectMeta{Name: "example-memcached", Namespace: namespace},
		Spec:       MemcachedSpec{Size: int32(fromReplicas)},
	}
	key := types.NamespacedName{Name: exampleMemcached.GetName(), Namespace: exampleMemcached.GetNamespace()}
	if err := f.Client.Create(context.TODO(), exampleMemcached, &CleanupOptions{}); err != nil {
		return fmt.Errorf("could not create %q: %v", key, err)
	}
	if err := waitForDeployment(namespace, "example-memcached", fromReplicas); err != nil {
		return fmt.Errorf("failed waiting for %d deployment/%s replicas: %v", fromReplicas, key.Name, err)
	}

	err = retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		err = f.Client.Get(context.TODO(), key, exampleMemcached)
		if err != nil {
			return fmt.Errorf("could not get memcached CR %q: %v", key, err)
		}
		exampleMemcached.Spec.Size = int32(toReplicas)
		t.Logf("Attempting memcached %q update, resourceVersion: %s", key, exampleMemcached.GetResourceVersion())
		return f.Client.Update(context.TODO(), exampleMemcached)
	})
	if err != nil {
		return fmt.Errorf("could not update memcached CR %q: %v", key, err)
	}
	return waitForDeployment(key.Namespace, key.Name, toReplicas)
}

func TestMemcachedScale(t *testing.T) {
	f := &Framework{}
	ctx := &TestCtx{namespace: "default"}
	if err := memcachedScaleTestBuggy(t, f, ctx, 3, 4); err != nil {
		t.Fatal(err)
	}
	if err := memcachedScaleTestFixed(t, f, ctx, 3, 4); err != nil {
		t.Fatal(err)
	}
}
