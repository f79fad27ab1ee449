// Package capsule_syncnamespace reduces a bug fixed in projectcapsule/capsule.
//
//	repo:     https://github.com/projectcapsule/capsule
//	fix:      https://github.com/projectcapsule/capsule/pull/168 (commit 03eb6e633ea04d9b5b520f40b0b9b02e2ee0b097)
//	file:     controllers/tenant_controller.go
//	function: (*TenantReconciler).syncNamespace
//
// The Namespace was read once, before retry.RetryOnConflict, and the retry
// closure only changed its labels and annotations and updated it: every
// retry after a Conflict sent the same stale resourceVersion. The fix moves
// the Get into the closure.
package capsule_syncnamespace

import (
	"context"
	"sync"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const (
	AvailableIngressClassesAnnotation = "capsule.clastix.io/ingress-classes"
	capsuleLabel                      = "capsule.clastix.io/tenant"
)

type Tenant struct {
	Name           string
	IngressClasses []string
	AdditionalAnns map[string]string
}

type TenantReconciler struct {
	Client client.Client
}

// syncNamespaceBuggy is syncNamespace before the fix.
func (r *TenantReconciler) syncNamespaceBuggy(namespace string, tnt *Tenant, wg *sync.WaitGroup, channel chan error) {
	defer wg.Done()

	ns := &corev1.Namespace{}
	if err := r.Client.Get(context.TODO(), types.NamespacedName{Name: namespace}, ns); err != nil {
		channel <- err
	}

	channel <- retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		a := ns.GetAnnotations()
		if a == nil {
			a = make(map[string]string)
		}
		delete(a, AvailableIngressClassesAnnotation)
		if len(tnt.IngressClasses) > 0 {
			a[AvailableIngressClassesAnnotation] = tnt.IngressClasses[0]
		}
		for k, v := range tnt.AdditionalAnns {
			a[k] = v
		}

		l := ns.GetLabels()
		if l == nil {
			l = make(map[string]string)
		}
		l[capsuleLabel] = tnt.Name

		ns.SetLabels(l)
		ns.SetAnnotations(a)

		return r.Client.Update(context.TODO(), ns, &client.UpdateOptions{}) // realbug: retryreget
	})
}

// syncNamespaceFixed is syncNamespace after the fix: the Get is the first
// statement of the retry closure.
func (r *TenantReconciler) syncNamespaceFixed(namespace string, tnt *Tenant) error {
	return retry.RetryOnConflict(retry.DefaultBackoff, func() (err error) {
		ns := &corev1.Namespace{}
		if err = r.Client.Get(context.TODO(), types.NamespacedName{Name: namespace}, ns); err != nil {
			return
		}
		a := ns.GetAnnotations()
		if a == nil {
			a = make(map[string]string)
		}
		delete(a, AvailableIngressClassesAnnotation)
		if len(tnt.IngressClasses) > 0 {
			a[AvailableIngressClassesAnnotation] = tnt.IngressClasses[0]
		}
		for k, v := range tnt.AdditionalAnns {
			a[k] = v
		}

		l := ns.GetLabels()
		if l == nil {
			l = make(map[string]string)
		}
		l[capsuleLabel] = tnt.Name

		ns.SetLabels(l)
		ns.SetAnnotations(a)

		return r.Client.Update(context.TODO(), ns, &client.UpdateOptions{})
	})
}
