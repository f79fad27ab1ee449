package shapes

import (
	"context"
	"log"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

// SetOwnerTyped is SetOwner with a client-go clientset.
func SetOwnerTyped(ctx context.Context, cs kubernetes.Interface, ns, name, owner string) {
	cm, err := cs.CoreV1().ConfigMaps(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		log.Printf("reading %s/%s: %v", ns, name, err)
		return
	}
	cm.Data["owner"] = owner
	if _, err := cs.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		log.Printf("setting the owner of %s/%s: %v", ns, name, err)
	}
}
