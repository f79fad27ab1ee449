// Package kubevip_servicestatus reduces a bug fixed in kube-vip/kube-vip.
//
//	repo:     https://github.com/kube-vip/kube-vip
//	fix:      https://github.com/kube-vip/kube-vip/pull/384 (commit c81c8c1865f9a9d2c1725fc3a72a103000af928e, in "support changing the VIP of services"; the retry without a re-read came in commit 58da24127eef05f72398ae7b7482d5902f8c5eec, "Adds retry to status update")
//	file:     pkg/manager/services.go (called from the watcher in pkg/manager/watcher.go)
//	function: (*Manager).syncServices, for each Service event of servicesWatcher; fixed in the new helper updateStatus
//
// When a LoadBalancer Service appeared, kube-vip started its VIP and wrote
// the address into the Service's status. The write was wrapped in
// retry.RetryOnConflict, but the closure only set the ingress on the
// Service taken from the watch event and sent it again: after a Conflict
// every attempt carried the same stale resourceVersion, the retries ran
// out, the error was only logged, and the Service showed no external IP.
// The fix Gets the Service inside the closure and writes the copy.
package kubevip_servicestatus

import (
	"context"
	"sync"

	log "github.com/sirupsen/logrus"
	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"
)

type vipConfig struct {
	VIP string
}

type Instance struct {
	UID              types.UID
	Vip              string
	ServiceName      string
	ServiceNamespace string
	vipConfig        vipConfig
}

type Manager struct {
	clientSet        kubernetes.Interface
	serviceInstances []Instance
	mutex            sync.Mutex
}

func (sm *Manager) startVIP(i *Instance) error { return nil }

// servicesWatcher hands every added or modified Service to syncServices.
func (sm *Manager) servicesWatcher(ctx context.Context, rw watch.Interface, fixed bool) error {
	var wg sync.WaitGroup
	for event := range rw.ResultChan() {
		switch event.Type {
		case watch.Added, watch.Modified:
			svc, ok := event.Object.(*v1.Service)
			if !ok {
				continue
			}
			var err error
			if fixed {
				err = sm.syncServicesFixed(svc, &wg)
			} else {
				err = sm.syncServicesBuggy(svc, &wg)
			}
			if err != nil {
				log.Error(err)
			}
		}
	}
	return nil
}

// syncServicesBuggy is syncServices as commit 58da241 left it.
func (sm *Manager) syncServicesBuggy(service *v1.Service, wg *sync.WaitGroup) error {
	newService := Instance{
		UID:              service.UID,
		Vip:              service.Spec.ClusterIP,
		ServiceName:      service.Name,
		ServiceNamespace: service.Namespace,
		vipConfig:        vipConfig{VIP: service.Spec.ClusterIP},
	}
	if err := sm.startVIP(&newService); err != nil {
		log.Errorf("Failed to add Service [%s] / [%s]", newService.ServiceName, newService.UID)
		return err
	}

	// Update the "Status" of the LoadBalancer (one or many may do this), as long as one does it
	retryErr := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		service.Status.LoadBalancer.Ingress = []v1.LoadBalancerIngress{{IP: newService.vipConfig.VIP}}
		_, updateErr := sm.clientSet.CoreV1().Services(service.Namespace).UpdateStatus(context.TODO(), service, metav1.UpdateOptions{}) // realbug: retryreget
		return updateErr
	})
	if retryErr != nil {
		log.Errorf("Error updating Service [%s] Status: %v", newService.ServiceName, retryErr)
	}
	sm.serviceInstances = append(sm.serviceInstances, newService)
	return nil
}

// syncServicesFixed is syncServices after the fix, with its helper
// updateStatus.
func (sm *Manager) syncServicesFixed(service *v1.Service, wg *sync.WaitGroup) error {
	newService := Instance{
		UID:              service.UID,
		Vip:              service.Spec.ClusterIP,
		ServiceName:      service.Name,
		ServiceNamespace: service.Namespace,
		vipConfig:        vipConfig{VIP: service.Spec.ClusterIP},
	}
	if err := sm.startVIP(&newService); err != nil {
		log.Errorf("Failed to add Service [%s] / [%s]", newService.ServiceName, newService.UID)
		return err
	}
	sm.serviceInstances = append(sm.serviceInstances, newService)
	if err := sm.updateStatus(&newService); err != nil {
		return err
	}
	return nil
}

func (sm *Manager) updateStatus(i *Instance) error {
	retryErr := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		// Retrieve the latest version of the Service before attempting update
		currentService, err := sm.clientSet.CoreV1().Services(i.ServiceNamespace).Get(context.TODO(), i.ServiceName, metav1.GetOptions{})
		if err != nil {
			return err
		}
		currentServiceCopy := currentService.DeepCopy()
		currentServiceCopy.Status.LoadBalancer.Ingress = []v1.LoadBalancerIngress{{IP: i.vipConfig.VIP}}
		_, err = sm.clientSet.CoreV1().Services(currentServiceCopy.Namespace).UpdateStatus(context.TODO(), currentServiceCopy, metav1.UpdateOptions{})
		if err != nil {
			log.Errorf("Error updating Service %s/%s Status: %v", i.ServiceNamespace, i.ServiceName, err)
			return err
		}
		return nil
	})
	if retryErr != nil {
		log.Errorf("Failed to set Services: %v", retryErr)
		return retryErr
	}
	return nil
}
