// Package wrapfix checks the fix that wraps a read-modify-write in
// retry.RetryOnConflict.
package wrapfix

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/klog/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func relabel(ctx context.Context, c client.Client, key client.ObjectKey, owner string) {
	var cm corev1.ConfigMap
	if err := c.Get(ctx, key, &cm); err != nil {
		log.Printf("get: %v", err)
		return
	}
	cm.Data["owner"] = owner
	cm.SetLabels(map[string]string{"owner": owner})
	controllerutil.AddFinalizer(&cm, "example.com/cleanup")
	delete(cm.Annotations, "stale")
	if err := c.Update(ctx, &cm); err != nil { // want `conflict from c.Update cannot be returned by relabel: re-read cm inside retry.RetryOnConflict`
		log.Printf("update: %v", err)
	}
}

func markReady(ctx context.Context, c client.Client, key client.ObjectKey) {
	pod := &corev1.Pod{}
	_ = c.Get(ctx, key, pod)
	pod.Status.Phase = "Running"
	c.Status().Update(ctx, pod) // want `conflict from Status\(\).Update cannot be returned by markReady: re-read pod inside retry.RetryOnConflict`
}

func count(ctx context.Context, c client.Client, key client.ObjectKey) {
	var cm corev1.ConfigMap
	_ = c.Get(ctx, key, &cm)
	_ = c.Update(ctx, &cm) // want `conflict from c.Update cannot be returned by count: re-read cm inside retry.RetryOnConflict`
}

// A typed client: the object is reassigned from the Get of the same
// resource interface, and the statement keeps only the error.
func typedOneShot(ctx context.Context, cs kubernetes.Interface, owner string) {
	cm, err := cs.CoreV1().ConfigMaps("ns").Get(ctx, "cm", metav1.GetOptions{})
	if err != nil {
		log.Fatal(err)
	}
	cm.Data["owner"] = owner
	if _, err := cs.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("ns"\).Update cannot be returned by typedOneShot: re-read cm inside retry.RetryOnConflict`
		log.Printf("update: %v", err)
	}
}

var gvr = schema.GroupVersionResource{Group: "example.com", Version: "v1", Resource: "foos"}

// A dynamic client in a goroutine.
func dynamicWorker(ctx context.Context, dyn dynamic.Interface) {
	go func() {
		u, err := dyn.Resource(gvr).Namespace("ns").Get(ctx, "foo", metav1.GetOptions{})
		if err != nil {
			return
		}
		u.SetLabels(map[string]string{"seen": "true"})
		_, _ = dyn.Resource(gvr).Namespace("ns").Update(ctx, u, metav1.UpdateOptions{}) // want `conflict from Namespace\("ns"\).Update cannot be returned by a goroutine: re-read u inside retry.RetryOnConflict`
	}()
}

// No fix: the shapes below cannot be shown to keep their meaning.

func computed(ctx context.Context, c client.Client, key client.ObjectKey) {
	var cm corev1.ConfigMap
	_ = c.Get(ctx, key, &cm)
	cm.Data = render()     // a call: it might not give the same result twice
	_ = c.Update(ctx, &cm) // want `conflict from c.Update cannot be returned by computed: requeue the object, or re-read cm inside retry.RetryOnConflict`
}

func param(ctx context.Context, c client.Client, cm *corev1.ConfigMap) {
	cm.Data = nil
	_ = c.Update(ctx, cm) // want `conflict from c.Update cannot be returned by param: re-read cm after a conflict in retry.RetryOnConflict`
}

func noRead(ctx context.Context, c client.Client) {
	cm := corev1.ConfigMap{}
	cm.Name = "x"
	cm.ResourceVersion = "1"
	_ = c.Update(ctx, &cm) // want `conflict from c.Update cannot be returned by noRead: requeue the object, or re-read cm inside retry.RetryOnConflict`
}

func declares(ctx context.Context, c client.Client, key client.ObjectKey) {
	var cm corev1.ConfigMap
	_ = c.Get(ctx, key, &cm)
	owner := "me"
	cm.Data["owner"] = owner
	_ = c.Update(ctx, &cm) // want `conflict from c.Update cannot be returned by declares: re-read cm inside retry.RetryOnConflict`
}

func nested(ctx context.Context, c client.Client, key client.ObjectKey, ok bool) {
	var cm corev1.ConfigMap
	_ = c.Get(ctx, key, &cm)
	if ok {
		_ = c.Update(ctx, &cm) // want `conflict from c.Update cannot be returned by nested: requeue the object, or re-read cm inside retry.RetryOnConflict`
	}
}

// The returned object is used: the retry cannot give it back.
func typedKept(ctx context.Context, cs kubernetes.Interface) {
	cm, err := cs.CoreV1().ConfigMaps("ns").Get(ctx, "cm", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = nil
	stored, err := cs.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{}) // want `conflict from ConfigMaps\("ns"\).Update cannot be returned by typedKept: requeue the object, or re-read cm inside retry.RetryOnConflict`
	log.Print(stored, err)
}

func render() map[string]string { return nil }

// After an earlier write of the object that succeeded (its failure ends
// the program), the server holds what the object carried: the re-read drops
// nothing. The statement between stays where it is.
func afterWrite(ctx context.Context, cs kubernetes.Interface, owner string) {
	cm, err := cs.CoreV1().ConfigMaps("ns").Get(ctx, "cm", metav1.GetOptions{})
	if err != nil {
		log.Fatal(err)
	}
	cm.Data["owner"] = owner
	if _, err := cs.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("ns"\).Update is passed to log.Fatalf, which exits: re-read cm inside retry.RetryOnConflict`
		log.Fatalf("update: %v", err)
	}
	log.Printf("owner set")
	cm.Data["done"] = "true"
	if _, err := cs.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("ns"\).Update cannot be returned by afterWrite: re-read cm inside retry.RetryOnConflict`
		log.Printf("update: %v", err)
	}
}

// An earlier write of the status does not send the data the second write
// carries: a re-read after it would drop that change.
func afterStatusWrite(ctx context.Context, cs kubernetes.Interface, pod *corev1.Pod, key string) {
	pod, err := cs.CoreV1().Pods("ns").Get(ctx, key, metav1.GetOptions{})
	if err != nil {
		log.Fatal(err)
	}
	pod.Labels["owner"] = key
	if _, err := cs.CoreV1().Pods("ns").UpdateStatus(ctx, pod, metav1.UpdateOptions{}); err != nil { // want `conflict from Pods\("ns"\).UpdateStatus is passed to log.Fatalf, which exits: re-read pod inside retry.RetryOnConflict`
		log.Fatalf("status: %v", err)
	}
	_, _ = cs.CoreV1().Pods("ns").Update(ctx, pod, metav1.UpdateOptions{}) // want `conflict from Pods\("ns"\).Update cannot be returned by afterStatusWrite: requeue the object, or re-read pod inside retry.RetryOnConflict`
}

// A statement between the read and the change uses the object: it would
// run before the re-read and see the old one.
func usesBetween(ctx context.Context, c client.Client, key client.ObjectKey) {
	var cm corev1.ConfigMap
	_ = c.Get(ctx, key, &cm)
	log.Printf("data was %v", cm.Data) // the map itself, not a value copied out of it
	cm.Data["owner"] = "me"
	_ = c.Update(ctx, &cm) // want `conflict from c.Update cannot be returned by usesBetween: requeue the object, or re-read cm inside retry.RetryOnConflict`
}

// A statement between the read and the change that only reads a field of
// basic type stays before the retry.
func logsName(ctx context.Context, c client.Client, key client.ObjectKey) {
	var cm corev1.ConfigMap
	_ = c.Get(ctx, key, &cm)
	log.Printf("updating %s", cm.Name)
	cm.Data["owner"] = "me"
	_ = c.Update(ctx, &cm) // want `conflict from c.Update cannot be returned by logsName: re-read cm inside retry.RetryOnConflict`
}

// An element of a List result counts as read by the List; a value read
// from a map field before the change stays before the retry.
func resumeAll(ctx context.Context, c client.Client) {
	var list corev1.ConfigMapList
	if err := c.List(ctx, &list); err != nil {
		log.Fatal(err)
	}
	for i := range list.Items {
		cm := &list.Items[i]
		if _, ok := cm.Annotations["paused"]; !ok {
			continue
		}
		delete(cm.Annotations, "paused")
		if err := c.Update(ctx, cm); err != nil { // want `conflict from c.Update is passed to log.Fatalf, which exits: re-read cm inside retry.RetryOnConflict`
			log.Fatalf("resuming %s: %v", cm.Name, err)
		}
	}
}

// A copy of an element is not what the List returned in place: the
// element of another slice is not a read.
func elementOfOther(ctx context.Context, c client.Client, items []corev1.ConfigMap) {
	for i := range items {
		cm := &items[i]
		cm.Data = nil
		_ = c.Update(ctx, cm) // want `conflict from c.Update cannot be returned by elementOfOther: requeue the object, or re-read cm inside retry.RetryOnConflict`
	}
}

// A timestamp made again after a re-read records the attempt that is
// written: a clock read may move into the retry.
func stamped(ctx context.Context, c client.Client, key client.ObjectKey) {
	var cm corev1.ConfigMap
	_ = c.Get(ctx, key, &cm)
	metav1.SetMetaDataAnnotation(&cm.ObjectMeta, "synced-at", time.Now().UTC().Format(time.RFC3339))
	_ = c.Update(ctx, &cm) // want `conflict from c.Update cannot be returned by stamped: re-read cm inside retry.RetryOnConflict`
}

// klog.KObj keeps only the namespace and name: a log line that names the
// object stays before the retry like any other read of a basic value.
func logsObject(ctx context.Context, cs kubernetes.Interface, name string) {
	cm, err := cs.CoreV1().ConfigMaps("ns").Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return
	}
	klog.InfoS("relabeling", "configmap", klog.KObj(cm))
	cm.Labels["owner"] = "me"
	if _, err := cs.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("ns"\).Update cannot be returned by logsObject: re-read cm inside retry.RetryOnConflict`
		klog.ErrorS(err, "relabeling", "configmap", klog.KObj(cm))
	}
}
