// Package deferred holds deferred literals that store a write's failure in
// a variable of the function around them: the store itself reaches no one
// once that function has returned, but the literal may act on the value
// right after it (an e2e test restoring shared state in a defer).
package deferred

import (
	"context"
	"log"

	"valueflow/deferred/expect"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

func restoreAsserted(ctx context.Context, cs kubernetes.Interface, original string) {
	cm, err := cs.CoreV1().ConfigMaps("kube-public").Get(ctx, "cluster-info", metav1.GetOptions{})
	expect.NoError(err)
	defer func() {
		cm, err = cs.CoreV1().ConfigMaps("kube-public").Get(ctx, "cluster-info", metav1.GetOptions{})
		expect.NoError(err)
		cm.Data["kubeconfig"] = original
		_, err = cs.CoreV1().ConfigMaps("kube-public").Update(ctx, cm, metav1.UpdateOptions{}) // ok: the spec fails
		expect.NoError(err)
	}()
}

func restoreLogged(ctx context.Context, cs kubernetes.Interface, original string) {
	var err error
	defer func() {
		cm, getErr := cs.CoreV1().ConfigMaps("kube-public").Get(ctx, "cluster-info", metav1.GetOptions{})
		if getErr != nil {
			return
		}
		cm.Data["kubeconfig"] = original
		_, err = cs.CoreV1().ConfigMaps("kube-public").Update(ctx, cm, metav1.UpdateOptions{}) // want `conflict from ConfigMaps\("kube-public"\).Update cannot be returned by a function literal: re-read cm inside retry.RetryOnConflict`
		if err != nil {
			log.Printf("restore: %v", err)
		}
	}()
}

func restoreStored(ctx context.Context, cs kubernetes.Interface, original string) {
	_, err := cs.CoreV1().ConfigMaps("kube-public").Get(ctx, "cluster-info", metav1.GetOptions{})
	if err != nil {
		return
	}
	defer func() {
		cm, getErr := cs.CoreV1().ConfigMaps("kube-public").Get(ctx, "cluster-info", metav1.GetOptions{})
		if getErr != nil {
			return
		}
		cm.Data["kubeconfig"] = original
		_, err = cs.CoreV1().ConfigMaps("kube-public").Update(ctx, cm, metav1.UpdateOptions{}) // want `conflict from ConfigMaps\("kube-public"\).Update cannot be returned by a function literal: re-read cm inside retry.RetryOnConflict`
	}()
}
