// Package e2e holds e2e and integration test bodies whose failures end in
// helpers that fail the test (found on Kubernetes' own e2e suites): the
// test fails, which hands the failure to whoever runs it.
package e2e

import (
	"context"
	"fmt"
	"log"

	"valueflow/e2e/framework"

	"github.com/onsi/gomega"
	"valueflow/e2e/ktest"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

func failed(ctx context.Context, cs kubernetes.Interface, ns string) {
	cm, err := cs.CoreV1().ConfigMaps(ns).Get(ctx, "c", metav1.GetOptions{})
	if err != nil {
		framework.Failf("get: %v", err)
	}
	cm.Data = map[string]string{"k": "v"}
	if _, err := cs.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // ok: Failf fails the spec
		framework.Failf("update: %v", err)
	}
	cm.Data["k"] = "w"
	_, err = cs.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}) // ok: anything but Invalid fails the spec
	if !apierrors.IsInvalid(err) {
		framework.Fail("expected invalid, got " + err.Error())
	}
}

func warned(ctx context.Context, cs kubernetes.Interface, ns string) {
	cm, err := cs.CoreV1().ConfigMaps(ns).Get(ctx, "c", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"k": "v"}
	if _, err := cs.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(ns\).Update cannot be returned by warned: re-read cm inside retry.RetryOnConflict`
		framework.Warnf("update: %v", err)
	}
}

func contextFailed(tCtx ktest.TContext, cs kubernetes.Interface, ns string) {
	cm, err := cs.CoreV1().ConfigMaps(ns).Get(context.TODO(), "c", metav1.GetOptions{})
	if err != nil {
		tCtx.Fatalf("get: %v", err)
	}
	cm.Data = map[string]string{"k": "v"}
	if _, err := cs.CoreV1().ConfigMaps(ns).Update(context.TODO(), cm, metav1.UpdateOptions{}); err != nil { // ok: the test fails
		tCtx.Fatalf("update: %v", err)
	}
}

func loggerFatal(log ktest.Logger, cs kubernetes.Interface, ns string) {
	cm, err := cs.CoreV1().ConfigMaps(ns).Get(context.TODO(), "c", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"k": "v"}
	if _, err := cs.CoreV1().ConfigMaps(ns).Update(context.TODO(), cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(ns\).Update is passed to log.Fatalf, which exits: re-read cm inside retry.RetryOnConflict`
		log.Fatalf("update: %v", err)
	}
}

// The text of the failure, given to an assertion, fails the spec; given to
// a logger, it is only logged.
func textAsserted(ctx context.Context, cs kubernetes.Interface, ns string) {
	cm, err := cs.CoreV1().ConfigMaps(ns).Get(ctx, "c", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"k": "v"}
	_, err = cs.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}) // ok: its text goes to gomega
	gomega.Expect(fmt.Sprintf("%v", err)).To(gomega.Equal("invalid"))
}

func textLogged(ctx context.Context, cs kubernetes.Interface, ns string) {
	cm, err := cs.CoreV1().ConfigMaps(ns).Get(ctx, "c", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"k": "v"}
	_, err = cs.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}) // want `conflict from ConfigMaps\(ns\).Update cannot be returned by textLogged: re-read cm inside retry.RetryOnConflict`
	log.Print(fmt.Sprintf("update: %v", err))
}
