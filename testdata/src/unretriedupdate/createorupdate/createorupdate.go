// Package createorupdate checks the retry wrap of a CreateOrUpdate whose
// Conflict is lost: CreateOrUpdate reads the object on every call, so the
// retry needs no re-read.
package createorupdate

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func ensure(ctx context.Context, c client.Client, name string) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "ns"}}
	if _, err := controllerutil.CreateOrUpdate(ctx, c, cm, func() error { // want `conflict from controllerutil.CreateOrUpdate of cm cannot be returned by ensure: retry it in retry.RetryOnConflict`
		cm.Data = map[string]string{"owner": "me"}
		return nil
	}); err != nil {
		log.Printf("ensuring %s: %v", name, err)
	}
}

// The operation result stays in use: it is declared before the retry.
func ensureAndReport(ctx context.Context, c client.Client, name string) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "ns"}}
	op, err := controllerutil.CreateOrUpdate(ctx, c, cm, func() error { // want `conflict from controllerutil.CreateOrUpdate of cm cannot be returned by ensureAndReport: retry it in retry.RetryOnConflict`
		cm.Data = map[string]string{"owner": "me"}
		return nil
	})
	if err != nil {
		log.Printf("ensuring %s: %v", name, err)
	} else if op != controllerutil.OperationResultNone {
		log.Printf("%s %s", name, op)
	}
}

// An operation result scoped to an if has no place to be declared: no fix.
func scopedResult(ctx context.Context, c client.Client, cm *corev1.ConfigMap) {
	if op, err := controllerutil.CreateOrUpdate(ctx, c, cm, func() error { cm.Labels = nil; return nil }); err != nil { // want `conflict from controllerutil.CreateOrUpdate cannot be returned by scopedResult: requeue the object, or re-read cm inside retry.RetryOnConflict`
		log.Printf("ensuring: %v", err)
	} else {
		log.Print(op)
	}
}

// A function that changes nothing leaves the object as read: the call
// never updates it, only creates it when it is missing.
func ensureExists(ctx context.Context, c client.Client, cm *corev1.ConfigMap) {
	if _, err := controllerutil.CreateOrUpdate(ctx, c, cm, func() error { return nil }); err != nil { // ok: no Update is made
		log.Printf("ensuring: %v", err)
	}
}
