// Package stubsmoke uses every stub package the way controller code does.
// It exists only so that analyzer/internal/stubcheck can prove that the
// shared stub tree type-checks; no analyzer test should depend on it.
package stubsmoke

import (
	"context"
	"errors"
	"time"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	"example.com/foo-operator/pkg/generated/clientset/versioned"
	foolisters "example.com/foo-operator/pkg/generated/listers/foo/v1"
	"github.com/go-logr/logr"
	"go.uber.org/zap"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	utilerrors "k8s.io/apimachinery/pkg/util/errors"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/apimachinery/pkg/util/wait"
	applycorev1 "k8s.io/client-go/applyconfigurations/core/v1"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/gentype"
	"k8s.io/client-go/kubernetes"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/tools/record"
	"k8s.io/client-go/util/retry"
	"k8s.io/client-go/util/workqueue"
	"k8s.io/klog/v2"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	crlog "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Compile-time checks that the stub objects satisfy the interfaces real
// code relies on.
var (
	_ client.Object     = &corev1.ConfigMap{}
	_ client.Object     = &corev1.Secret{}
	_ client.Object     = &corev1.Pod{}
	_ client.Object     = &corev1.Service{}
	_ client.Object     = &appsv1.Deployment{}
	_ client.Object     = &foov1.Foo{}
	_ client.Object     = &unstructured.Unstructured{}
	_ client.ObjectList = &corev1.ConfigMapList{}
	_ client.ObjectList = &foov1.FooList{}
	_ client.ObjectList = &unstructured.UnstructuredList{}
	_ runtime.Object    = &appsv1.DeploymentList{}

	_ client.MergeFromOption          = client.MergeFromWithOptimisticLock{}
	_ client.UpdateOption             = client.FieldOwner("x")
	_ client.SubResourceUpdateOption  = client.FieldOwner("x")
	_ client.PatchOption              = client.FieldOwner("x")
	_ client.StatusWriter             = client.SubResourceWriter(nil)
	_ reconcile.Reconciler            = &FooReconciler{}
	_ kubernetes.Interface            = &kubernetes.Clientset{}
	_ versioned.Interface             = &versioned.Clientset{}
	_ dynamic.Interface               = &dynamic.DynamicClient{}
	_ record.EventRecorder            = record.NewFakeRecorder(1)
	_ cache.ResourceEventHandler      = cache.ResourceEventHandlerFuncs{}
	_ workqueue.TypedInterface[int]   = workqueue.TypedRateLimitingInterface[int](nil)
	_ workqueue.RateLimitingInterface = workqueue.NewRateLimitingQueue(workqueue.DefaultControllerRateLimiter())
	_ runtime.ApplyConfiguration      = applycorev1.ConfigMap("n", "ns")
	_ handler.MapFunc                 = func(context.Context, client.Object) []reconcile.Request { return nil }
)

// FooReconciler embeds client.Client, the way kubebuilder scaffolds it.
type FooReconciler struct {
	client.Client
	Scheme   *runtime.Scheme
	Recorder record.EventRecorder
	Log      logr.Logger
}

// Reconcile exercises the controller-runtime client.
func (r *FooReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := crlog.FromContext(ctx, "foo", req.NamespacedName)
	foo := &foov1.Foo{}
	if err := r.Get(ctx, req.NamespacedName, foo); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	foo.Spec.Message = "hello"
	if err := r.Update(ctx, foo); err != nil {
		log.Error(err, "update")
		return ctrl.Result{}, err
	}
	meta.SetStatusCondition(&foo.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue})
	if err := r.Status().Update(ctx, foo); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.SubResource("status").Update(ctx, foo, client.FieldOwner("me")); err != nil {
		return ctrl.Result{}, err
	}
	base := foo.DeepCopy()
	foo.Status.Phase = "Ready"
	if err := r.Status().Patch(ctx, foo, client.MergeFromWithOptions(base, client.MergeFromWithOptimisticLock{})); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Patch(ctx, foo, client.MergeFrom(base)); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Patch(ctx, foo, client.StrategicMergeFrom(base, client.MergeFromWithOptimisticLock{})); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Patch(ctx, foo, client.RawPatch(types.MergePatchType, []byte("{}"))); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Apply(ctx, applycorev1.ConfigMap("cm", req.Namespace).WithData(map[string]string{"k": "v"}), client.FieldOwner("me"), client.ForceOwnership); err != nil {
		return ctrl.Result{}, err
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "cm", Namespace: req.Namespace}}
	op, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		cm.Data = map[string]string{"k": "v"}
		return controllerutil.SetControllerReference(foo, cm, r.Scheme)
	})
	if err != nil {
		return ctrl.Result{}, err
	}
	_ = op == controllerutil.OperationResultUpdated
	if _, err := ctrl.CreateOrUpdate(ctx, r.Client, cm, func() error { return nil }); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := controllerutil.CreateOrPatch(ctx, r.Client, cm, func() error { return nil }); err != nil {
		return ctrl.Result{}, err
	}
	if controllerutil.AddFinalizer(foo, "f") || controllerutil.RemoveFinalizer(foo, "f") || controllerutil.ContainsFinalizer(foo, "f") {
		r.Recorder.Eventf(foo, corev1.EventTypeNormal, "Finalizer", "changed %s", foo.Name)
	}
	list := &corev1.ConfigMapList{}
	if err := r.List(ctx, list, client.InNamespace(req.Namespace), client.MatchingLabels{"a": "b"}); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Delete(ctx, cm); err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, cm); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Second}, nil
}

// SetupWithManager wires the reconciler.
func (r *FooReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&foov1.Foo{}).
		Owns(&corev1.ConfigMap{}).
		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
			return []reconcile.Request{{NamespacedName: client.ObjectKeyFromObject(o)}}
		})).
		Named("foo").
		Complete(r)
}

// Main builds a manager and clients the way a main package does.
func Main() error {
	cfg := ctrl.GetConfigOrDie()
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{Scheme: runtime.NewScheme()})
	if err != nil {
		return err
	}
	var _ manager.Manager = mgr
	rec := &FooReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme(), Recorder: mgr.GetEventRecorderFor("foo"), Log: ctrl.Log.WithName("foo")}
	if err := rec.SetupWithManager(mgr); err != nil {
		return err
	}
	_ = mgr.GetAPIReader()
	c, err := client.New(cfg, client.Options{})
	if err != nil {
		return err
	}
	owned := client.WithFieldOwner(c, "me")
	cm := &corev1.ConfigMap{}
	if err := owned.Update(context.Background(), cm); err != nil {
		return err
	}
	fc := fake.NewClientBuilder().WithObjects(cm).WithStatusSubresource(&foov1.Foo{}).Build()
	if err := fc.Status().Update(context.Background(), &foov1.Foo{}); err != nil {
		return err
	}
	_ = fake.NewFakeClient(cm)
	return mgr.Start(ctrl.SetupSignalHandler())
}

// TypedClients exercises client-go's typed, generated and dynamic clients.
func TypedClients(ctx context.Context, cfg *rest.Config, ns string) error {
	cs, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return err
	}
	cm, err := cs.CoreV1().ConfigMaps(ns).Get(ctx, "cm", metav1.GetOptions{})
	if err != nil {
		return err
	}
	cm.Data["k"] = "v"
	if _, err := cs.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		return err
	}
	pod, err := cs.CoreV1().Pods(ns).Get(ctx, "p", metav1.GetOptions{})
	if err != nil {
		return err
	}
	pod.Status.Phase = corev1.PodRunning
	if _, err := cs.CoreV1().Pods(ns).UpdateStatus(ctx, pod, metav1.UpdateOptions{}); err != nil {
		return err
	}
	if _, err := cs.CoreV1().Pods(ns).Patch(ctx, "p", types.StrategicMergePatchType, []byte("{}"), metav1.PatchOptions{}, "status"); err != nil {
		return err
	}
	if _, err := cs.CoreV1().Secrets(ns).Apply(ctx, applycorev1.Secret("s", ns), metav1.ApplyOptions{FieldManager: "me"}); err != nil {
		return err
	}
	if err := cs.CoreV1().Services(ns).Delete(ctx, "svc", metav1.DeleteOptions{}); err != nil {
		return err
	}
	deploy, err := cs.AppsV1().Deployments(ns).Get(ctx, "d", metav1.GetOptions{})
	if err != nil {
		return err
	}
	replicas := int32(3)
	deploy.Spec.Replicas = &replicas
	if _, err := cs.AppsV1().Deployments(ns).Update(ctx, deploy, metav1.UpdateOptions{}); err != nil {
		return err
	}
	scale, err := cs.AppsV1().Deployments(ns).GetScale(ctx, "d", metav1.GetOptions{})
	if err != nil {
		return err
	}
	if _, err := cs.AppsV1().Deployments(ns).UpdateScale(ctx, "d", scale, metav1.UpdateOptions{}); err != nil {
		return err
	}

	var g *gentype.Client[*corev1.ConfigMap] = gentype.NewClient[*corev1.ConfigMap]("configmaps", nil, nil, ns, func() *corev1.ConfigMap { return &corev1.ConfigMap{} })
	if _, err := g.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		return err
	}
	gl := gentype.NewClientWithList[*corev1.Pod, *corev1.PodList]("pods", nil, nil, ns, func() *corev1.Pod { return &corev1.Pod{} }, func() *corev1.PodList { return &corev1.PodList{} })
	if _, err := gl.UpdateStatus(ctx, pod, metav1.UpdateOptions{}); err != nil {
		return err
	}
	if _, err := gl.List(ctx, metav1.ListOptions{}); err != nil {
		return err
	}

	fcs, err := versioned.NewForConfig(cfg)
	if err != nil {
		return err
	}
	foo, err := fcs.FooV1().Foos(ns).Get(ctx, "foo", metav1.GetOptions{})
	if err != nil {
		return err
	}
	foo.Status.ReadyReplicas = 1
	if _, err := fcs.FooV1().Foos(ns).UpdateStatus(ctx, foo, metav1.UpdateOptions{}); err != nil {
		return err
	}
	if _, err := fcs.FooV1().Foos(ns).Update(ctx, foo, metav1.UpdateOptions{}); err != nil {
		return err
	}

	dc, err := dynamic.NewForConfig(cfg)
	if err != nil {
		return err
	}
	gvr := schema.GroupVersionResource{Group: "foo.example.com", Version: "v1", Resource: "foos"}
	u, err := dc.Resource(gvr).Namespace(ns).Get(ctx, "foo", metav1.GetOptions{})
	if err != nil {
		return err
	}
	if err := unstructured.SetNestedField(u.Object, "x", "spec", "message"); err != nil {
		return err
	}
	u.SetResourceVersion(u.GetResourceVersion())
	if _, err := dc.Resource(gvr).Namespace(ns).Update(ctx, u, metav1.UpdateOptions{}); err != nil {
		return err
	}
	if _, err := dc.Resource(gvr).Namespace(ns).UpdateStatus(ctx, u, metav1.UpdateOptions{}); err != nil {
		return err
	}
	_, err = dc.Resource(gvr).Update(ctx, u, metav1.UpdateOptions{}, "status")
	return err
}

// Retries exercises the retry helpers.
func Retries(ctx context.Context, cs kubernetes.Interface, c client.Client, ns string) error {
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cm, err := cs.CoreV1().ConfigMaps(ns).Get(ctx, "cm", metav1.GetOptions{})
		if err != nil {
			return err
		}
		cm.Data = map[string]string{"k": "v"}
		_, err = cs.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{})
		return err
	})
	if err != nil {
		return err
	}
	err = retry.OnError(retry.DefaultBackoff, apierrors.IsConflict, func() error {
		foo := &foov1.Foo{}
		if err := c.Get(ctx, types.NamespacedName{Namespace: ns, Name: "foo"}, foo); err != nil {
			return err
		}
		return c.Update(ctx, foo)
	})
	if err != nil {
		return err
	}
	err = wait.ExponentialBackoff(retry.DefaultRetry, func() (bool, error) {
		err := c.Update(ctx, &foov1.Foo{})
		if apierrors.IsConflict(err) {
			return false, nil
		}
		return err == nil, err
	})
	if err != nil {
		return err
	}
	err = wait.ExponentialBackoffWithContext(ctx, wait.Backoff{Steps: 3}, func(ctx context.Context) (bool, error) { return true, nil })
	if err != nil {
		return err
	}
	if err := wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(context.Context) (bool, error) { return true, nil }); err != nil {
		return err
	}
	if err := wait.PollUntilContextCancel(ctx, time.Second, false, func(context.Context) (bool, error) { return true, nil }); err != nil {
		return err
	}
	if err := wait.PollImmediate(time.Second, time.Minute, func() (bool, error) { return true, nil }); err != nil {
		return err
	}
	wait.Until(func() {}, time.Second, wait.NeverStop)
	wait.UntilWithContext(ctx, func(context.Context) {}, time.Second)
	wait.Forever(func() {}, time.Second)
	return utilerrors.NewAggregate([]error{errors.New("a"), errors.New("b")})
}

// Controller exercises the informer, lister, queue and logging helpers of
// a classic client-go controller.
type Controller struct {
	cmLister  corelisters.ConfigMapLister
	fooLister foolisters.FooLister
	queue     workqueue.TypedRateLimitingInterface[string]
	old       workqueue.RateLimitingInterface
	informer  cache.SharedIndexInformer
	zlog      *zap.Logger
}

// NewController builds a controller.
func NewController(informer cache.SharedIndexInformer, indexer cache.Indexer) *Controller {
	c := &Controller{
		cmLister:  corelisters.NewConfigMapLister(indexer),
		fooLister: foolisters.NewFooLister(indexer),
		queue:     workqueue.NewTypedRateLimitingQueue(workqueue.DefaultTypedControllerRateLimiter[string]()),
		informer:  informer,
		zlog:      zap.NewNop(),
	}
	_, _ = informer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj interface{}) {
			key, err := cache.MetaNamespaceKeyFunc(obj)
			if err != nil {
				utilruntime.HandleError(err)
				return
			}
			c.queue.Add(key)
		},
		UpdateFunc: func(oldObj, newObj interface{}) {},
		DeleteFunc: func(obj interface{}) {},
	})
	return c
}

// ProcessNext handles one queue item.
func (c *Controller) ProcessNext(ctx context.Context, cs kubernetes.Interface) bool {
	key, shutdown := c.queue.Get()
	if shutdown {
		return false
	}
	defer c.queue.Done(key)
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		utilruntime.HandleErrorWithContext(ctx, err, "bad key", "key", key)
		return true
	}
	cm, err := c.cmLister.ConfigMaps(ns).Get(name)
	if err != nil {
		klog.ErrorS(err, "get", "key", key)
		c.queue.AddRateLimited(key)
		return true
	}
	cm = cm.DeepCopy()
	cm.Labels = map[string]string{"seen": "yes"}
	if _, err := cs.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		klog.FromContext(ctx).Error(err, "update", "configmap", klog.KObj(cm))
		klog.Errorf("update %s: %v", key, err)
		klog.V(2).Info("requeue")
		c.zlog.Error("update failed", zap.Error(err), zap.String("key", key))
		c.queue.AddAfter(key, time.Second)
		return true
	}
	if foo, err := c.fooLister.Foos(ns).Get(name); err == nil {
		klog.InfoS("foo", "name", foo.Name)
	}
	if _, err := c.cmLister.List(labels.Everything()); err != nil {
		klog.Warningf("list: %v", err)
	}
	c.queue.Forget(key)
	if c.old != nil {
		c.old.Add(key)
		c.old.ShutDown()
	}
	return true
}

// Loggers exercises the remaining logging entry points.
func Loggers(ctx context.Context, err error) {
	klog.Info("a")
	klog.Infof("%d", 1)
	klog.Error(err)
	klog.Warning("w")
	if err != nil {
		klog.Fatal(err)
		klog.Fatalf("%v", err)
		klog.Exit(err)
		klog.Exitf("%v", err)
	}
	logr.FromContextOrDiscard(ctx).V(1).WithValues("k", "v").Info("x")
	ctx = crlog.IntoContext(ctx, ctrl.Log)
	ctrl.LoggerFrom(ctx).Error(err, "x")
}
