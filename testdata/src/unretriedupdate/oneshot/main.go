// Command oneshot is a one-shot tool: a Conflict ends it.
package main

import (
	"context"
	"log"
	"os"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"
	"k8s.io/klog/v2"
)

func main() {
	ctx := context.Background()
	var cs kubernetes.Interface
	cm, err := cs.CoreV1().ConfigMaps("ns").Get(ctx, "cm", metav1.GetOptions{})
	if err != nil {
		log.Fatal(err)
	}
	cm.Data = map[string]string{"a": "b"}
	if _, err := cs.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("ns"\).Update is passed to log.Fatalf, which exits: re-read cm inside retry.RetryOnConflict`
		log.Fatalf("update: %v", err)
	}
	if _, err := cs.CoreV1().Pods("ns").UpdateStatus(ctx, &corev1.Pod{}, metav1.UpdateOptions{}); err != nil { // ok: a literal carries no resourceVersion, so the write cannot conflict
		klog.Fatal(err)
	}
	if _, err := cs.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("ns"\).Update is followed by os.Exit, which exits: re-read cm inside retry.RetryOnConflict`
		klog.ErrorS(err, "update")
		os.Exit(1)
	}
	if _, err := cs.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("ns"\).Update is passed to panic: re-read cm inside retry.RetryOnConflict`
		panic(err)
	}
	err = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		fresh, err := cs.CoreV1().ConfigMaps("ns").Get(ctx, "cm", metav1.GetOptions{})
		if err != nil {
			return err
		}
		fresh.Data = map[string]string{"a": "b"}
		_, err = cs.CoreV1().ConfigMaps("ns").Update(ctx, fresh, metav1.UpdateOptions{}) // ok: retried with a fresh Get
		return err
	})
	if err != nil {
		log.Fatal(err)
	}
	var unused *corev1.Pod
	_ = unused
}
