package unconditional

import (
	"context"
	"log"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

var ownerUID string

// withOwner sets the owner reference of the object it is given and hands
// the same object back (KubeArmor's operator: addOwnership).
func withOwner(obj interface{}) interface{} {
	if ownerUID == "" {
		return obj
	}
	refs := []metav1.OwnerReference{{Kind: "Deployment", Name: "operator"}}
	switch r := obj.(type) {
	case *appsv1.Deployment:
		r.OwnerReferences = refs
		return r
	case *corev1.Secret:
		r.OwnerReferences = refs
		return r
	}
	return obj
}

// withVersion hands back its object with a version it copies in.
func withVersion(obj interface{}, rv string) interface{} {
	if d, ok := obj.(*appsv1.Deployment); ok {
		d.ResourceVersion = rv
	}
	return obj
}

// controllerDeployment builds the operator's Deployment.
func controllerDeployment() *appsv1.Deployment {
	return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "controller", Namespace: "ns"}}
}

// rotate builds the Deployment fresh and passes it through withOwner:
// still without a resourceVersion, so its Update is unconditional.
func rotate(ctx context.Context, cs kubernetes.Interface, rv string) {
	d := controllerDeployment()
	d = withOwner(d).(*appsv1.Deployment)
	if _, err := cs.AppsV1().Deployments("ns").Update(ctx, d, metav1.UpdateOptions{}); err != nil { // ok: no resourceVersion
		log.Printf("scale down: %v", err)
	}
	v := controllerDeployment()
	v = withVersion(v, rv).(*appsv1.Deployment)
	if _, err := cs.AppsV1().Deployments("ns").Update(ctx, v, metav1.UpdateOptions{}); err != nil { // want `conflict from Deployments\("ns"\).Update cannot be returned by rotate: requeue the object, or re-read v inside retry.RetryOnConflict; lost for good`
		log.Printf("versioned: %v", err)
	}
}
