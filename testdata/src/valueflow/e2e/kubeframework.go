package e2e

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	kubeframework "k8s.io/kubernetes/test/e2e/framework"
)

// Kubernetes' own e2e framework is known by name, so that its helpers fail
// the spec whether or not their bodies are in view (the standalone command
// reads dependencies from export data, without facts).
func kubeFailed(ctx context.Context, cs kubernetes.Interface, ns string) {
	cm, err := cs.CoreV1().ConfigMaps(ns).Get(ctx, "c", metav1.GetOptions{})
	kubeframework.ExpectNoError(err)
	cm.Data = map[string]string{"k": "v"}
	if _, err := cs.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // ok: Failf fails the spec
		kubeframework.Failf("update %s: %v", cm.Name, err)
	}
}

func kubeExpected(ctx context.Context, cs kubernetes.Interface, ns string) {
	cm, err := cs.CoreV1().ConfigMaps(ns).Get(ctx, "c", metav1.GetOptions{})
	kubeframework.ExpectNoErrorWithOffset(1, err)
	cm.Data = map[string]string{"k": "v"}
	_, err = cs.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}) // ok: ExpectNoError fails the spec
	kubeframework.ExpectNoError(err, "update %s", cm.Name)
}

func kubeLogged(ctx context.Context, cs kubernetes.Interface, ns string) {
	cm, err := cs.CoreV1().ConfigMaps(ns).Get(ctx, "c", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"k": "v"}
	if _, err := cs.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(ns\).Update cannot be returned by kubeLogged: re-read cm inside retry.RetryOnConflict`
		kubeframework.Logf("update: %v", err)
	}
}
