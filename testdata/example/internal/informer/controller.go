// Package informer holds the config watcher: a classic client-go controller
// (shared informer, lister, rate-limited work queue, typed clientset) that
// keeps a checksum on every widget ConfigMap, flags hand edits and publishes
// staged configuration.
package informer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/apimachinery/pkg/util/wait"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	coreinformers "k8s.io/client-go/informers/core/v1"
	"k8s.io/client-go/kubernetes"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
	"k8s.io/klog/v2"

	"example.com/widget-operator/internal/labels"
)

// statusConfigMap is where config watcher instances announce themselves.
const statusConfigMap = "widget-operator-status"

// stagedKey is the data key under which users stage the next version of a
// widget configuration; the watcher publishes it into place.
const stagedKey = "staged.properties"

// Controller watches widget ConfigMaps.
type Controller struct {
	kube      kubernetes.Interface
	namespace string
	lister    corelisters.ConfigMapLister
	synced    cache.InformerSynced
	queue     workqueue.TypedRateLimitingInterface[string]
}

// New builds a config watcher for the ConfigMaps of one namespace.
func New(ctx context.Context, kube kubernetes.Interface, namespace string, configMaps coreinformers.ConfigMapInformer) (*Controller, error) {
	c := &Controller{
		kube:      kube,
		namespace: namespace,
		lister:    configMaps.Lister(),
		synced:    configMaps.Informer().HasSynced,
		queue: workqueue.NewTypedRateLimitingQueueWithConfig(
			workqueue.DefaultTypedControllerRateLimiter[string](),
			workqueue.TypedRateLimitingQueueConfig[string]{Name: "widget-configs"},
		),
	}
	logger := klog.FromContext(ctx)
	_, err := configMaps.Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: c.enqueue,
		UpdateFunc: func(oldObj, newObj any) {
			oldCM, newCM := oldObj.(*corev1.ConfigMap), newObj.(*corev1.ConfigMap)
			if oldCM.ResourceVersion == newCM.ResourceVersion {
				return
			}
			// A hand edit of a managed ConfigMap: flag it right away so that
			// the drift shows in kubectl before a worker gets to it.
			if isManaged(newCM) && newCM.Annotations[labels.Checksum] != checksum(newCM.Data) {
				cm := newCM.DeepCopy()
				metav1.SetMetaDataAnnotation(&cm.ObjectMeta, labels.Drifted, "true")
				if _, err := kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
					logger.Error(err, "Failed to flag drifted ConfigMap", "configmap", klog.KObj(cm))
				}
			}
			c.enqueue(newObj)
		},
	})
	if err != nil {
		return nil, fmt.Errorf("registering ConfigMap event handler: %w", err)
	}
	return c, nil
}

// Run starts workers and blocks until ctx is done.
func (c *Controller) Run(ctx context.Context, workers int) error {
	defer utilruntime.HandleCrash()
	defer c.queue.ShutDown()

	logger := klog.FromContext(ctx)
	if !cache.WaitForNamedCacheSyncWithContext(ctx, c.synced) {
		return fmt.Errorf("config watcher: caches did not sync")
	}

	// Announce this instance in the background; it is informational only
	// and must not hold up the workers.
	go func() {
		cm, err := c.lister.ConfigMaps(c.namespace).Get(statusConfigMap)
		if err != nil {
			logger.V(2).Info("No status ConfigMap to announce on", "err", err)
			return
		}
		cm = cm.DeepCopy()
		metav1.SetMetaDataAnnotation(&cm.ObjectMeta, labels.StartedAt, time.Now().UTC().Format(time.RFC3339))
		if _, err := c.kube.CoreV1().ConfigMaps(c.namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
			logger.Error(err, "Failed to announce config watcher", "configmap", klog.KObj(cm))
		}
	}()

	for range workers {
		go wait.UntilWithContext(ctx, c.runWorker, time.Second)
	}
	<-ctx.Done()
	return nil
}

func (c *Controller) runWorker(ctx context.Context) {
	for c.processNextWorkItem(ctx) {
	}
}

// processNextWorkItem takes one key off the queue and syncs it.
func (c *Controller) processNextWorkItem(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	c.syncConfigMap(ctx, key)
	return true
}

// syncConfigMap brings the checksum of one ConfigMap up to date and
// publishes staged configuration. Failed keys go back on the queue with
// backoff; successful ones are forgotten by the rate limiter.
func (c *Controller) syncConfigMap(ctx context.Context, key string) {
	namespace, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		utilruntime.HandleErrorWithContext(ctx, err, "Invalid work queue key", "key", key)
		c.queue.Forget(key)
		return
	}
	cached, err := c.lister.ConfigMaps(namespace).Get(name)
	if apierrors.IsNotFound(err) {
		c.queue.Forget(key)
		return
	}
	if err != nil {
		c.queue.AddRateLimited(key)
		return
	}
	if !isManaged(cached) {
		c.queue.Forget(key)
		return
	}

	if _, staged := cached.Data[stagedKey]; staged {
		if err := c.publish(ctx, cached.DeepCopy()); err != nil {
			utilruntime.HandleErrorWithContext(ctx, err, "Failed to publish staged configuration", "configmap", key)
			c.queue.AddRateLimited(key)
			return
		}
		c.queue.Forget(key)
		return
	}

	sum := checksum(cached.Data)
	if cached.Annotations[labels.Checksum] == sum && cached.Annotations[labels.Drifted] == "" {
		c.queue.Forget(key)
		return
	}
	c.keepBackup(ctx, cached)

	cm := cached.DeepCopy()
	metav1.SetMetaDataAnnotation(&cm.ObjectMeta, labels.Checksum, sum)
	delete(cm.Annotations, labels.Drifted)
	if _, err := c.kube.CoreV1().ConfigMaps(namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		utilruntime.HandleErrorWithContext(ctx, err, "Failed to record ConfigMap checksum", "configmap", key)
		c.queue.AddRateLimited(key)
		return
	}
	c.queue.Forget(key)
}

// publish moves the staged configuration into place and then records when
// that happened.
func (c *Controller) publish(ctx context.Context, cm *corev1.ConfigMap) error {
	configMaps := c.kube.CoreV1().ConfigMaps(cm.Namespace)

	cm.Data["widget.properties"] = cm.Data[stagedKey]
	delete(cm.Data, stagedKey)
	metav1.SetMetaDataAnnotation(&cm.ObjectMeta, labels.Checksum, checksum(cm.Data))
	if _, err := configMaps.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		return fmt.Errorf("publishing staged configuration: %w", err)
	}

	metav1.SetMetaDataAnnotation(&cm.ObjectMeta, labels.PublishedAt, time.Now().UTC().Format(time.RFC3339))
	if _, err := configMaps.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		return fmt.Errorf("recording publication time: %w", err)
	}
	return nil
}

// keepBackup stores the last known good data of a ConfigMap before it is
// touched, and refreshes the namespace-wide list of backups. Both are
// conveniences for humans; losing one is harmless.
func (c *Controller) keepBackup(ctx context.Context, cm *corev1.ConfigMap) {
	backup := &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{
			GenerateName: cm.Name + "-backup-",
			Namespace:    cm.Namespace,
			Labels:       map[string]string{labels.Config: "backup"},
		},
		Data: cm.Data,
	}
	_, _ = c.kube.CoreV1().ConfigMaps(cm.Namespace).Create(ctx, backup, metav1.CreateOptions{})

	index := corev1ac.ConfigMap("widget-backups", cm.Namespace).
		WithData(map[string]string{cm.Name: time.Now().UTC().Format(time.RFC3339)})
	_, _ = c.kube.CoreV1().ConfigMaps(cm.Namespace).Apply(ctx, index, metav1.ApplyOptions{FieldManager: labels.FieldManager, Force: true})
}

func (c *Controller) enqueue(obj any) {
	key, err := cache.MetaNamespaceKeyFunc(obj)
	if err != nil {
		utilruntime.HandleError(err)
		return
	}
	c.queue.Add(key)
}

func isManaged(cm *corev1.ConfigMap) bool {
	return cm.Labels[labels.Config] == "true"
}

// checksum is a stable digest of ConfigMap data.
func checksum(data map[string]string) string {
	keys := make([]string, 0, len(data))
	for k := range data {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	h := sha256.New()
	for _, k := range keys {
		fmt.Fprintf(h, "%s=%s\n", k, data[k])
	}
	return hex.EncodeToString(h.Sum(nil))
}
