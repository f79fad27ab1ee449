// Package dynamic writes through client-go's dynamic client, which does
// not need k8s.io/api: it loads, and is analyzed, even when that module
// cannot be fetched.
package dynamic

import (
	"context"
	"log"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
)

var configMaps = schema.GroupVersionResource{Version: "v1", Resource: "configmaps"}

// Touch marks the named ConfigMap. A failed write is only logged, so a
// Conflict loses the mark.
func Touch(ctx context.Context, c dynamic.Interface, namespace, name string) {
	obj, err := c.Resource(configMaps).Namespace(namespace).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		log.Printf("reading %s/%s: %v", namespace, name, err)
		return
	}
	labels := obj.GetLabels()
	if labels == nil {
		labels = map[string]string{}
	}
	labels["example.com/touched"] = "true"
	obj.SetLabels(labels)
	if _, err := c.Resource(configMaps).Namespace(namespace).Update(ctx, obj, metav1.UpdateOptions{}); err != nil {
		log.Printf("writing %s/%s: %v", namespace, name, err)
	}
}
