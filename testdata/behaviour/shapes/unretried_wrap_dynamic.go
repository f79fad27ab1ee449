package shapes

import (
	"context"
	"log"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
)

// ConfigMaps is the resource the dynamic functions work on.
var ConfigMaps = schema.GroupVersionResource{Version: "v1", Resource: "configmaps"}

// LabelOwnerDynamic labels an object with its owner through the dynamic
// client, from a one-shot command.
func LabelOwnerDynamic(ctx context.Context, dyn dynamic.Interface, ns, name, owner string) {
	u, err := dyn.Resource(ConfigMaps).Namespace(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		log.Printf("reading %s/%s: %v", ns, name, err)
		return
	}
	u.SetLabels(map[string]string{"owner": owner})
	if _, err := dyn.Resource(ConfigMaps).Namespace(ns).Update(ctx, u, metav1.UpdateOptions{}); err != nil {
		log.Printf("labelling %s/%s: %v", ns, name, err)
	}
}
