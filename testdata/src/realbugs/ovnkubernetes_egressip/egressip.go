// Package ovnkubernetes_egressip reduces a bug fixed in
// ovn-kubernetes/ovn-kubernetes.
//
//	repo:     https://github.com/ovn-kubernetes/ovn-kubernetes
//	fix:      https://github.com/ovn-kubernetes/ovn-kubernetes/pull/1959 (commit 0083bb404786931527bec391b6c2975314b39a6c)
//	file:     go-controller/pkg/kube/kube.go and go-controller/pkg/ovn/egressip.go
//	function: (*Kube).UpdateEgressIP, called from (*Controller).updateEgressIPWithRetry
//
// The retry closure returned the error of a helper, called through the
// KubeInterface, that rewrapped the Update error with fmt.Errorf and %v:
// the API status was lost, IsConflict was false, and RetryOnConflict never
// retried. The fix returns the Update error as it is and wraps only after
// the retry.
package ovnkubernetes_egressip

import (
	"context"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/util/retry"
	"k8s.io/klog/v2"
)

type EgressIPSpec struct{ EgressIPs []string }

type EgressIPStatus struct{ Items []string }

type EgressIP struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   EgressIPSpec
	Status EgressIPStatus
}

func (in *EgressIP) DeepCopyObject() runtime.Object { out := *in; return &out }

// EgressIPInterface is the generated typed client (cluster-scoped).
type EgressIPInterface interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*EgressIP, error)
	Update(ctx context.Context, egressIP *EgressIP, opts metav1.UpdateOptions) (*EgressIP, error)
}

type K8sV1Interface interface {
	EgressIPs() EgressIPInterface
}

type EIPClientset interface {
	K8sV1() K8sV1Interface
}

// KubeInterface is the project's wrapper over the clients.
type KubeInterface interface {
	UpdateEgressIPBuggy(eIP *EgressIP) error
	UpdateEgressIPFixed(eIP *EgressIP) error
}

type Kube struct {
	EIPClient EIPClientset
}

// UpdateEgressIPBuggy is (*Kube).UpdateEgressIP before the fix.
func (k *Kube) UpdateEgressIPBuggy(eIP *EgressIP) error {
	klog.Infof("Updating status on EgressIP %s", eIP.Name)
	if _, err := k.EIPClient.K8sV1().EgressIPs().Update(context.TODO(), eIP, metav1.UpdateOptions{}); err != nil { // realbug: unretriedupdate fp=strict "the helper runs inside RetryOnConflict, but through a project interface (KubeInterface) that strict mode does not follow, so the write looks unretried"
		return fmt.Errorf("error in updating status on EgressIP %s: %v", eIP.Name, err) // realbug: retryreget
	}
	return nil
}

// UpdateEgressIPFixed is (*Kube).UpdateEgressIP after the fix.
func (k *Kube) UpdateEgressIPFixed(eIP *EgressIP) error {
	klog.Infof("Updating status on EgressIP %s", eIP.Name)
	_, err := k.EIPClient.K8sV1().EgressIPs().Update(context.TODO(), eIP, metav1.UpdateOptions{}) // realbug: unretriedupdate fp=strict "the helper runs inside RetryOnConflict, but through a project interface (KubeInterface) that strict mode does not follow, so the write looks unretried"
	return err
}

type Controller struct {
	kube KubeInterface
}

// updateEgressIPWithRetryBuggy is updateEgressIPWithRetry before the fix.
func (oc *Controller) updateEgressIPWithRetryBuggy(eIP *EgressIP) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return oc.kube.UpdateEgressIPBuggy(eIP)
	})
}

// updateEgressIPWithRetryFixed is updateEgressIPWithRetry after the fix.
func (oc *Controller) updateEgressIPWithRetryFixed(eIP *EgressIP) error {
	retryErr := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return oc.kube.UpdateEgressIPFixed(eIP)
	})
	if retryErr != nil {
		return fmt.Errorf("error in updating status on EgressIP %s: %v", eIP.Name, retryErr)
	}
	return nil
}
