package createorupdate

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Called through controller-runtime's alias (tempo-operator's certificate
// rotation): the operation result's type is controllerutil's, which the
// fix imports, since ctrl does not re-export it.
func ensureThroughAlias(ctx context.Context, c client.Client, name string) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "ns"}}
	op, err := ctrl.CreateOrUpdate(ctx, c, cm, func() error { // want `conflict from ctrl.CreateOrUpdate of cm cannot be returned by ensureThroughAlias: retry it in retry.RetryOnConflict`
		cm.Data = map[string]string{"owner": "me"}
		return nil
	})
	if err != nil {
		log.Printf("ensuring %s: %v", name, err)
		return
	}
	log.Printf("%s %s", name, op)
}
