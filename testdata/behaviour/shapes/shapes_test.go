package shapes_test

import (
	"context"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"example.com/behaviour/shapes"
)

const (
	ns   = "default"
	name = "settings"
)

var key = types.NamespacedName{Namespace: ns, Name: name}

// A shape is one function of package shapes and how to run it.
type shape struct {
	// file is the shape's file in package shapes, without ".go".
	file string
	// at is the write (counted from 1) before which another writer
	// changes the stored object; 0 when the function makes its own object
	// stale (or, for an informer cache, when staleness is not the point).
	at int
	// run runs the function against clients whose concurrent writer acts
	// before the write numbered at, and reports whether its change is
	// stored with the concurrent writer's change kept (for a lister shape:
	// whether the change is stored and the informer cache is unchanged).
	run func(t *testing.T, at int) bool
}

// TestShapes runs each shape with its concurrent writer: as committed the
// change is lost (or a stale object resent); fixed, the change is stored.
// Where a writer is injected, the shape also runs without one, where
// either version stores the change: the fix keeps what the code did when
// nothing conflicts.
func TestShapes(t *testing.T) {
	for _, s := range shapeCases {
		t.Run(s.file, func(t *testing.T) {
			if got := s.run(t, s.at); got != fixed {
				t.Errorf("change stored: %v, want %v (fixed: %v)", got, fixed, fixed)
			}
			if s.at != 0 {
				if !s.run(t, 0) {
					t.Errorf("without a concurrent writer the change is not stored")
				}
			}
		})
	}
}

var shapeCases = []shape{
	// unretriedupdate, wrap in retry.RetryOnConflict with a re-read.
	{file: "unretried_wrap_cr", at: 1, run: func(t *testing.T, at int) bool {
		c := crClient(at, seedConfigMap())
		shapes.SetOwner(t.Context(), c, key, "alice")
		cm := crConfigMap(t, c)
		return cm.Data["owner"] == "alice" && concurrentKept(cm, at)
	}},
	{file: "unretried_wrap_typed", at: 1, run: func(t *testing.T, at int) bool {
		cs := clientset(at, seedConfigMap())
		shapes.SetOwnerTyped(t.Context(), cs, ns, name, "alice")
		cm := typedConfigMap(t, cs)
		return cm.Data["owner"] == "alice" && concurrentKept(cm, at)
	}},
	{file: "unretried_wrap_dynamic", at: 1, run: func(t *testing.T, at int) bool {
		dyn := dynamicClient(t, at, seedConfigMap())
		shapes.LabelOwnerDynamic(t.Context(), dyn, ns, name, "alice")
		u, err := dyn.Resource(shapes.ConfigMaps).Namespace(ns).Get(t.Context(), name, metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return u.GetLabels()["owner"] == "alice" && concurrentKept(u, at)
	}},
	// The second write, after a first one that succeeded.
	{file: "unretried_wrap_afterwrite", at: 2, run: func(t *testing.T, at int) bool {
		cs := clientset(at, seedConfigMap())
		q := workqueue.NewTypedRateLimitingQueue(workqueue.DefaultTypedControllerRateLimiter[string]())
		defer q.ShutDown()
		p := &shapes.Publisher{Kube: cs, Queue: q}
		p.PublishAndStamp(t.Context(), ns, name)
		cm := typedConfigMap(t, cs)
		return cm.Data["published"] == "true" && cm.Data["stamped"] == "true" && concurrentKept(cm, at)
	}},

	// unretriedupdate, wrap of a parameter with a re-read after a Conflict.
	{file: "unretried_wrap_param", at: 1, run: func(t *testing.T, at int) bool {
		c := crClient(at, seedPod())
		var pod corev1.Pod
		if err := c.Get(t.Context(), key, &pod); err != nil {
			t.Fatal(err)
		}
		(&shapes.PodMarker{Client: c}).MarkReady(t.Context(), &pod)
		if err := c.Get(t.Context(), key, &pod); err != nil {
			t.Fatal(err)
		}
		return pod.Status.Phase == corev1.PodRunning && concurrentKept(&pod, at)
	}},
	{file: "unretried_wrap_paramtyped", at: 1, run: func(t *testing.T, at int) bool {
		cs := clientset(at, seedConfigMap())
		shapes.MarkSeen(t.Context(), cs, typedConfigMap(t, cs))
		cm := typedConfigMap(t, cs)
		return cm.Data["seen"] == "true" && concurrentKept(cm, at)
	}},

	// unretriedupdate, CreateOrUpdate wrapped as it is.
	{file: "unretried_createorupdate", at: 1, run: func(t *testing.T, at int) bool {
		c := crClient(at, seedConfigMap())
		shapes.EnsureMode(t.Context(), c, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}})
		cm := crConfigMap(t, c)
		return cm.Data["mode"] == "strict" && concurrentKept(cm, at)
	}},

	// unretriedupdate, return the error: the caller runs the function
	// again while it fails, as controller-runtime and work queues do.
	{file: "unretried_return_logged", at: 1, run: func(t *testing.T, at int) bool {
		c := crClient(at, seedPod())
		r := &shapes.PodReconciler{Client: c}
		untilNil(func() error {
			_, err := r.Reconcile(t.Context(), ctrl.Request{NamespacedName: key})
			return err
		})
		var pod corev1.Pod
		if err := c.Get(t.Context(), key, &pod); err != nil {
			t.Fatal(err)
		}
		return pod.Status.Phase == corev1.PodRunning && concurrentKept(&pod, at)
	}},
	{file: "unretried_return_nil", at: 1, run: func(t *testing.T, at int) bool {
		cs := clientset(at, seedConfigMap())
		s := &shapes.Syncer{Kube: cs}
		untilNil(func() error { return s.SyncHandler(t.Context(), ns+"/"+name) })
		cm := typedConfigMap(t, cs)
		return cm.Data["synced"] == "true" && concurrentKept(cm, at)
	}},
	{file: "unretried_return_dropped", at: 1, run: func(t *testing.T, at int) bool {
		cs := clientset(at, seedConfigMap())
		s := &shapes.Syncer{Kube: cs}
		untilNil(func() error { return s.SyncChecked(t.Context(), ns, name) })
		cm := typedConfigMap(t, cs)
		return cm.Data["checked"] == "true" && concurrentKept(cm, at)
	}},

	// staleupdate, re-read on the failure path of a hand-rolled retry
	// loop. It runs once: the function makes its own retries.
	{file: "stale_reread_loop", at: 1, run: func(t *testing.T, at int) bool {
		c := crClient(at, seedConfigMap())
		_ = (&shapes.OwnerWriter{Client: c}).SetOwner(t.Context(), key, "alice")
		cm := crConfigMap(t, c)
		return cm.Data["owner"] == "alice" && concurrentKept(cm, at)
	}},
	// staleupdate, keep a typed write's result (in the object's variable,
	// or copied over it): no other writer, the first write makes the
	// object stale for the second.
	{file: "stale_keep_result", at: 0, run: func(t *testing.T, at int) bool {
		cs := clientset(at, seedConfigMap())
		_ = (&shapes.Syncer{Kube: cs}).PublishThenStamp(t.Context(), ns, name)
		cm := typedConfigMap(t, cs)
		return cm.Data["published"] == "true" && cm.Data["stamped"] == "true"
	}},
	{file: "stale_keep_copy_list", at: 0, run: func(t *testing.T, at int) bool {
		cs := clientset(at, seedConfigMap())
		_ = (&shapes.Syncer{Kube: cs}).ReleaseAll(t.Context(), ns)
		cm := typedConfigMap(t, cs)
		return cm.Data["released"] == "true" && cm.Data["stamped"] == "true"
	}},
	{file: "stale_keep_copy_param", at: 0, run: func(t *testing.T, at int) bool {
		cs := clientset(at, seedConfigMap())
		cm := typedConfigMap(t, cs)
		cm.Data["saved"] = "true"
		_ = (&shapes.Syncer{Kube: cs}).SaveAndStamp(t.Context(), cm)
		cm = typedConfigMap(t, cs)
		return cm.Data["saved"] == "true" && cm.Data["stamped"] == "true"
	}},

	// retryreget, re-read at the top of the closure.
	{file: "retry_reread_cr", at: 1, run: func(t *testing.T, at int) bool {
		c := crClient(at, seedConfigMap())
		_ = (&shapes.OwnerWriter{Client: c}).EnableMode(t.Context(), key)
		cm := crConfigMap(t, c)
		return cm.Data["mode"] == "on" && concurrentKept(cm, at)
	}},
	{file: "retry_reread_typed", at: 1, run: func(t *testing.T, at int) bool {
		cs := clientset(at, seedConfigMap())
		_ = (&shapes.Syncer{Kube: cs}).EnableModeTyped(t.Context(), ns, name)
		cm := typedConfigMap(t, cs)
		return cm.Data["mode"] == "on" && concurrentKept(cm, at)
	}},
	{file: "retry_reread_wait", at: 1, run: func(t *testing.T, at int) bool {
		cs := clientset(at, seedConfigMap())
		_ = (&shapes.Syncer{Kube: cs}).DrainWithBackoff(t.Context(), ns, name)
		cm := typedConfigMap(t, cs)
		return cm.Data["draining"] == "true" && concurrentKept(cm, at)
	}},
	// retryreget, re-read of a parameter after a Conflict.
	{file: "retry_param", at: 1, run: func(t *testing.T, at int) bool {
		c := crClient(at, seedDeployment())
		var deploy appsv1.Deployment
		if err := c.Get(t.Context(), key, &deploy); err != nil {
			t.Fatal(err)
		}
		_ = (&shapes.OwnerWriter{Client: c}).Pause(t.Context(), &deploy)
		if err := c.Get(t.Context(), key, &deploy); err != nil {
			t.Fatal(err)
		}
		return deploy.Spec.Paused && concurrentKept(&deploy, at)
	}},
	// retryreget, keep a failed write's result apart from the object the
	// closure re-reads by name.
	{file: "retry_wiped", at: 1, run: func(t *testing.T, at int) bool {
		cs := clientset(at, seedConfigMap())
		_ = shapes.Archive(t.Context(), cs, typedConfigMap(t, cs))
		cm := typedConfigMap(t, cs)
		return cm.Data["archived"] == "true" && concurrentKept(cm, at)
	}},
	// retryreget, return the Conflict so that the retry can see it.
	{file: "retry_hidden_format", at: 1, run: func(t *testing.T, at int) bool {
		c := crClient(at, seedConfigMap())
		_ = shapes.SetStrict(t.Context(), c, key)
		cm := crConfigMap(t, c)
		return cm.Data["strict"] == "true" && concurrentKept(cm, at)
	}},
	{file: "retry_hidden_new", at: 1, run: func(t *testing.T, at int) bool {
		c := crClient(at, seedConfigMap())
		_ = shapes.SetAudited(t.Context(), c, key)
		cm := crConfigMap(t, c)
		return cm.Data["audited"] == "true" && concurrentKept(cm, at)
	}},

	// listermutation, DeepCopy right after the read from the cache.
	{file: "lister_get", at: 0, run: func(t *testing.T, at int) bool {
		c, indexer := cachedSyncer(t, at)
		_ = c.MarkCached(t.Context(), ns, name)
		return typedConfigMap(t, c.Kube).Data["cached"] == "true" && cacheUnchanged(t, indexer)
	}},
	{file: "lister_range", at: 0, run: func(t *testing.T, at int) bool {
		c, indexer := cachedSyncer(t, at)
		_ = c.SweepAll(t.Context(), ns)
		return typedConfigMap(t, c.Kube).Data["swept"] == "true" && cacheUnchanged(t, indexer)
	}},
}

func seedMeta() metav1.ObjectMeta {
	return metav1.ObjectMeta{Namespace: ns, Name: name, Annotations: map[string]string{"seed": "1"}}
}

func seedConfigMap() *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: seedMeta(), Data: map[string]string{"seed": "1"}}
}

func seedPod() *corev1.Pod {
	return &corev1.Pod{ObjectMeta: seedMeta(), Status: corev1.PodStatus{Phase: corev1.PodPending}}
}

func seedDeployment() *appsv1.Deployment {
	return &appsv1.Deployment{ObjectMeta: seedMeta()}
}

// crConfigMap reads the stored ConfigMap through c.
func crConfigMap(t *testing.T, c client.Client) *corev1.ConfigMap {
	t.Helper()
	var cm corev1.ConfigMap
	if err := c.Get(context.Background(), key, &cm); err != nil {
		t.Fatal(err)
	}
	return &cm
}

// typedConfigMap reads the stored ConfigMap through cs.
func typedConfigMap(t *testing.T, cs kubernetes.Interface) *corev1.ConfigMap {
	t.Helper()
	cm, err := cs.CoreV1().ConfigMaps(ns).Get(context.Background(), name, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return cm
}

// cachedSyncer returns a CachedSyncer whose lister reads an informer's
// indexer holding the seed ConfigMap as the clientset stores it.
func cachedSyncer(t *testing.T, at int) (*shapes.CachedSyncer, cache.Indexer) {
	t.Helper()
	indexer := cache.NewIndexer(cache.MetaNamespaceKeyFunc, cache.Indexers{cache.NamespaceIndex: cache.MetaNamespaceIndexFunc})
	if err := indexer.Add(stored([]runtime.Object{seedConfigMap()})[0]); err != nil {
		t.Fatal(err)
	}
	return &shapes.CachedSyncer{Lister: corelisters.NewConfigMapLister(indexer), Kube: clientset(at, seedConfigMap())}, indexer
}

// cacheUnchanged reports whether the indexer's ConfigMap is still the seed.
func cacheUnchanged(t *testing.T, indexer cache.Indexer) bool {
	t.Helper()
	obj, ok, err := indexer.GetByKey(ns + "/" + name)
	if err != nil || !ok {
		t.Fatalf("the cache lost the ConfigMap: %v", err)
	}
	cm := obj.(*corev1.ConfigMap)
	return len(cm.Data) == 1 && cm.Data["seed"] == "1"
}
