package shapes_test

import (
	"context"
	"errors"
	"os"
	"strconv"
	"sync"
	"testing"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	dynamicfake "k8s.io/client-go/dynamic/fake"
	k8sfake "k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"
	"sigs.k8s.io/controller-runtime/pkg/client"
	crfake "sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	"example.com/behaviour/shapes"
)

// The mode the test runs in: the functions of package shapes as committed
// lose the change under contention; after `conflictlint -fix` (the outer
// test sets CONFLICTLINT_BEHAVIOUR=fixed) they must keep it.
var fixed = os.Getenv("CONFLICTLINT_BEHAVIOUR") == "fixed"

// The concurrent writer's mark: an annotation it adds to the stored object.
const (
	concurrentKey   = "example.com/concurrent"
	concurrentValue = "yes"
)

// annotate makes the concurrent writer's change on obj.
func annotate(obj metav1.Object) {
	a := obj.GetAnnotations()
	if a == nil {
		a = map[string]string{}
	}
	a[concurrentKey] = concurrentValue
	obj.SetAnnotations(a)
}

// concurrentKept reports whether obj still holds the concurrent writer's
// change, when there was one (at > 0).
func concurrentKept(obj metav1.Object, at int) bool {
	return at == 0 || obj.GetAnnotations()[concurrentKey] == concurrentValue
}

// crClient returns controller-runtime's fake client, which enforces
// resourceVersion on Update and on status updates, holding objs. Right
// before the write numbered at (counting Update and SubResource Update
// calls from 1; 0 means never), another writer reads the stored object,
// annotates it and writes it back, so the object the caller holds is
// stale from then on.
func crClient(at int, objs ...client.Object) client.Client {
	base := crfake.NewClientBuilder().
		WithObjects(objs...).
		WithStatusSubresource(&corev1.Pod{}).
		Build()
	writes := 0
	before := func(ctx context.Context, c client.Client, obj client.Object) error {
		writes++
		if writes != at {
			return nil
		}
		other := obj.DeepCopyObject().(client.Object)
		if err := c.Get(ctx, client.ObjectKeyFromObject(obj), other); err != nil {
			return err
		}
		annotate(other)
		return c.Update(ctx, other)
	}
	return interceptor.NewClient(base, interceptor.Funcs{
		Update: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
			if err := before(ctx, c, obj); err != nil {
				return err
			}
			return c.Update(ctx, obj, opts...)
		},
		SubResourceUpdate: func(ctx context.Context, c client.Client, sub string, obj client.Object, opts ...client.SubResourceUpdateOption) error {
			if err := before(ctx, c, obj); err != nil {
				return err
			}
			return c.SubResource(sub).Update(ctx, obj, opts...)
		},
	})
}

// clientset returns client-go's fake clientset holding objs, made to
// enforce resourceVersion (see enforceVersions), with the concurrent
// writer before the update numbered at.
func clientset(at int, objs ...runtime.Object) *k8sfake.Clientset {
	cs := k8sfake.NewClientset(stored(objs)...)
	enforceVersions(&cs.Fake, cs.Tracker(), at)
	return cs
}

// dynamicClient is clientset for client-go's fake dynamic client, serving
// ConfigMaps as unstructured objects.
func dynamicClient(t *testing.T, at int, objs ...runtime.Object) *dynamicfake.FakeDynamicClient {
	t.Helper()
	var us []runtime.Object
	for _, o := range stored(objs) {
		u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(o)
		if err != nil {
			t.Fatal(err)
		}
		obj := &unstructured.Unstructured{Object: u}
		obj.SetAPIVersion("v1")
		obj.SetKind("ConfigMap")
		us = append(us, obj)
	}
	dyn := dynamicfake.NewSimpleDynamicClientWithCustomListKinds(runtime.NewScheme(),
		map[schema.GroupVersionResource]string{shapes.ConfigMaps: "ConfigMapList"}, us...)
	enforceVersions(&dyn.Fake, dyn.Tracker(), at)
	return dyn
}

// stored returns copies of objs as the API server holds them: with a
// resourceVersion (client-go's object tracker leaves it empty).
func stored(objs []runtime.Object) []runtime.Object {
	var out []runtime.Object
	for _, o := range objs {
		o = o.DeepCopyObject()
		if m, err := meta.Accessor(o); err == nil && m.GetResourceVersion() == "" {
			m.SetResourceVersion("1")
		}
		out = append(out, o)
	}
	return out
}

// enforceVersions puts a reactor in front of f's object tracker that
// handles updates the way the API server does: an update whose
// resourceVersion is not the stored one fails with Conflict (an empty one
// updates unconditionally, as ConfigMaps and Deployments allow), and a
// stored object gets a new resourceVersion. Right before the update
// numbered at (from 1; 0 means never), another writer annotates the stored
// object, which takes it to a new resourceVersion.
func enforceVersions(f *k8stesting.Fake, tracker k8stesting.ObjectTracker, at int) {
	var mu sync.Mutex
	version, updates := 1, 0
	store := func(gvr schema.GroupVersionResource, ns string, obj runtime.Object) error {
		m, err := meta.Accessor(obj)
		if err != nil {
			return err
		}
		version++
		m.SetResourceVersion(strconv.Itoa(version))
		return tracker.Update(gvr, obj, ns)
	}
	f.PrependReactor("update", "*", func(action k8stesting.Action) (bool, runtime.Object, error) {
		mu.Lock()
		defer mu.Unlock()
		gvr, ns := action.GetResource(), action.GetNamespace()
		sent := action.(k8stesting.UpdateAction).GetObject().DeepCopyObject()
		m, err := meta.Accessor(sent)
		if err != nil {
			return true, nil, err
		}
		if updates++; updates == at {
			stored, err := tracker.Get(gvr, ns, m.GetName())
			if err != nil {
				return true, nil, err
			}
			other := stored.DeepCopyObject()
			om, err := meta.Accessor(other)
			if err != nil {
				return true, nil, err
			}
			annotate(om)
			if err := store(gvr, ns, other); err != nil {
				return true, nil, err
			}
		}
		stored, err := tracker.Get(gvr, ns, m.GetName())
		if err != nil {
			return true, nil, err
		}
		sm, err := meta.Accessor(stored)
		if err != nil {
			return true, nil, err
		}
		if rv := m.GetResourceVersion(); rv != "" && rv != sm.GetResourceVersion() {
			return true, nil, apierrors.NewConflict(gvr.GroupResource(), m.GetName(),
				errors.New("the object has been modified; please apply your changes to the latest version and try again"))
		}
		if err := store(gvr, ns, sent); err != nil {
			return true, nil, err
		}
		return true, sent.DeepCopyObject(), nil
	})
}

// untilNil runs sync again while it returns an error, at most five times,
// as controller-runtime requeues a Reconcile and a work queue a sync
// handler that failed.
func untilNil(sync func() error) {
	for range 5 {
		if sync() == nil {
			return
		}
	}
}
