// Package wrapfix checks the fix that wraps a read-modify-write in
// retry.RetryOnConflict.
package wrapfix

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
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
	if err := c.Update(ctx, &cm); err != nil { // want `conflict from c.Update\(ctx, &cm\) is lost in relabel`
		log.Printf("update: %v", err)
	}
}

func markReady(ctx context.Context, c client.Client, key client.ObjectKey) {
	pod := &corev1.Pod{}
	_ = c.Get(ctx, key, pod)
	pod.Status.Phase = "Running"
	c.Status().Update(ctx, pod) // want `conflict from c.Status\(\).Update\(ctx, pod\) is lost in markReady`
}

func count(ctx context.Context, c client.Client, key client.ObjectKey) {
	var cm corev1.ConfigMap
	_ = c.Get(ctx, key, &cm)
	_ = c.Update(ctx, &cm) // want `conflict from c.Update\(ctx, &cm\) is lost in count`
}

// No fix: the shapes below cannot be shown to keep their meaning.

func computed(ctx context.Context, c client.Client, key client.ObjectKey) {
	var cm corev1.ConfigMap
	_ = c.Get(ctx, key, &cm)
	cm.Data = render()     // a call: it might not give the same result twice
	_ = c.Update(ctx, &cm) // want `is lost in computed`
}

func param(ctx context.Context, c client.Client, cm *corev1.ConfigMap) {
	cm.Data = nil
	_ = c.Update(ctx, cm) // want `is lost in param`
}

func noRead(ctx context.Context, c client.Client) {
	cm := corev1.ConfigMap{}
	cm.Name = "x"
	cm.ResourceVersion = "1"
	_ = c.Update(ctx, &cm) // want `is lost in noRead`
}

func declares(ctx context.Context, c client.Client, key client.ObjectKey) {
	var cm corev1.ConfigMap
	_ = c.Get(ctx, key, &cm)
	owner := "me"
	cm.Data["owner"] = owner
	_ = c.Update(ctx, &cm) // want `is lost in declares`
}

func nested(ctx context.Context, c client.Client, key client.ObjectKey, ok bool) {
	var cm corev1.ConfigMap
	_ = c.Get(ctx, key, &cm)
	if ok {
		_ = c.Update(ctx, &cm) // want `is lost in nested`
	}
}

func render() map[string]string { return nil }
