// Command relabel is a one-shot tool: a Conflict that ends it with a
// non-zero status is reported to whoever ran it; one it only logs before
// exiting 0 is lost.
package main

import (
	"context"
	"log"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

func main() {
	ctx := context.Background()
	var cs kubernetes.Interface
	cm, err := cs.CoreV1().ConfigMaps("default").Get(ctx, "settings", metav1.GetOptions{})
	if err != nil {
		log.Fatalf("get: %v", err)
	}
	cm.Data["owner"] = "relabel"
	if _, err := cs.CoreV1().ConfigMaps("default").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("default"\).Update is passed to log.Fatalf, which exits: re-read cm inside retry.RetryOnConflict; reported by exit status`
		log.Fatalf("update: %v", err)
	}
	cm.Data["done"] = "true"
	if _, err := cs.CoreV1().ConfigMaps("default").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("default"\).Update cannot be returned by main: re-read cm inside retry.RetryOnConflict; lost for good`
		log.Printf("update: %v", err)
	}
}
