// Package servicecatalog_initinstance reduces a bug fixed in
// kubernetes-retired/service-catalog (then kubernetes-incubator).
//
//	repo:     https://github.com/kubernetes-retired/service-catalog
//	fix:      https://github.com/kubernetes-retired/service-catalog/pull/1887 (commit df34489534a3a56af59d22bdffa6101286730e00)
//	file:     pkg/controller/controller_instance.go
//	function: (*controller).initObservedGeneration and (*controller).initOrphanMitigationCondition, called from reconcileServiceInstance on the lister's object
//
// The work queue's sync handler took the ServiceInstance from the
// informer's lister and passed it down; two status-migration steps set
// status fields (observed generation and provision status, or an
// orphan-mitigation condition) on that object in place before writing
// the status, so they changed the shared informer cache. The fix makes a
// DeepCopy at the top of each step, as the other reconcile steps already
// did. The set counts this as one bug (the sync path changes the cached
// object), marked at the first step's change; the second step changes it
// the same way.
package servicecatalog_initinstance

import (
	"github.com/golang/glog"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/tools/record"
)

const (
	ServiceInstanceProvisionStatusProvisioned    = "Provisioned"
	ServiceInstanceProvisionStatusNotProvisioned = "NotProvisioned"
	ServiceInstanceConditionOrphanMitigation     = "OrphanMitigation"
	ServiceInstanceConditionFailed               = "Failed"

	startingInstanceOrphanMitigationReason  = "StartingInstanceOrphanMitigation"
	startingInstanceOrphanMitigationMessage = "The instance provision call failed with an ambiguous error; attempting to deprovision the instance in order to mitigate an orphaned resource"
)

type ServiceInstanceCondition struct {
	Type    string
	Status  string
	Reason  string
	Message string
}

type ServiceInstanceStatus struct {
	Conditions                 []ServiceInstanceCondition
	ObservedGeneration         int64
	ReconciledGeneration       int64
	ProvisionStatus            string
	OrphanMitigationInProgress bool
}

type ServiceInstance struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status ServiceInstanceStatus
}

// DeepCopyInto and DeepCopy have the generated shapes.
func (in *ServiceInstance) DeepCopyInto(out *ServiceInstance) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	if in.Status.Conditions != nil {
		out.Status.Conditions = make([]ServiceInstanceCondition, len(in.Status.Conditions))
		copy(out.Status.Conditions, in.Status.Conditions)
	}
}

func (in *ServiceInstance) DeepCopy() *ServiceInstance {
	if in == nil {
		return nil
	}
	out := new(ServiceInstance)
	in.DeepCopyInto(out)
	return out
}

func (in *ServiceInstance) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// ServiceInstanceInterface has the shape of the generated typed client of
// the time (client-go before v0.18: no context, no options).
type ServiceInstanceInterface interface {
	UpdateStatus(*ServiceInstance) (*ServiceInstance, error)
}

type ServicecatalogV1beta1Interface interface {
	ServiceInstances(namespace string) ServiceInstanceInterface
}

// ServiceInstanceNamespaceLister and ServiceInstanceLister have the
// generated listers' shapes.
type ServiceInstanceNamespaceLister interface {
	Get(name string) (*ServiceInstance, error)
}

type ServiceInstanceLister interface {
	ServiceInstances(namespace string) ServiceInstanceNamespaceLister
}

type controller struct {
	serviceCatalogClient ServicecatalogV1beta1Interface
	instanceLister       ServiceInstanceLister
	recorder             record.EventRecorder
}

func isServiceInstanceFailed(instance *ServiceInstance) bool {
	for _, c := range instance.Status.Conditions {
		if c.Type == ServiceInstanceConditionFailed && c.Status == "True" {
			return true
		}
	}
	return false
}

func isServiceInstanceOrphanMitigation(instance *ServiceInstance) bool {
	for _, c := range instance.Status.Conditions {
		if c.Type == ServiceInstanceConditionOrphanMitigation && c.Status == "True" {
			return true
		}
	}
	return false
}

func setServiceInstanceCondition(toUpdate *ServiceInstance, conditionType, status, reason, message string) {
	for i, c := range toUpdate.Status.Conditions {
		if c.Type == conditionType {
			toUpdate.Status.Conditions[i] = ServiceInstanceCondition{Type: conditionType, Status: status, Reason: reason, Message: message}
			return
		}
	}
	toUpdate.Status.Conditions = append(toUpdate.Status.Conditions, ServiceInstanceCondition{Type: conditionType, Status: status, Reason: reason, Message: message})
}

// updateServiceInstanceStatus writes the status; shared by both versions.
func (c *controller) updateServiceInstanceStatus(toUpdate *ServiceInstance) (*ServiceInstance, error) {
	glog.V(4).Info("Updating status")
	updatedInstance, err := c.serviceCatalogClient.ServiceInstances(toUpdate.Namespace).UpdateStatus(toUpdate)
	if err != nil {
		glog.Errorf("Failed to update status: %v", err)
	}
	return updatedInstance, err
}

func (c *controller) reconcileServiceInstanceAdd(instance *ServiceInstance) error { return nil }

// reconcileServiceInstanceKeyBuggy is the work queue's sync handler; it
// hands the lister's object on (unchanged by the fix).
func (c *controller) reconcileServiceInstanceKeyBuggy(key string) error {
	namespace, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return err
	}
	instance, err := c.instanceLister.ServiceInstances(namespace).Get(name)
	if errors.IsNotFound(err) {
		glog.Infof("Not doing work for %v because it has been deleted", key)
		return nil
	}
	if err != nil {
		glog.Errorf("Unable to retrieve %v from store: %v", key, err)
		return err
	}
	return c.reconcileServiceInstanceBuggy(instance) // realbug: listermutation alt "reported where the lister's object is handed to the reconcile whose steps change it"
}

// reconcileServiceInstanceBuggy is reconcileServiceInstance (unchanged by
// the fix), calling the steps as they were before it.
func (c *controller) reconcileServiceInstanceBuggy(instance *ServiceInstance) error {
	updated, err := c.initObservedGenerationBuggy(instance)
	if err != nil {
		return err
	}
	if updated {
		return nil
	}
	updated, err = c.initOrphanMitigationConditionBuggy(instance)
	if err != nil {
		return err
	}
	if updated {
		return nil
	}
	return c.reconcileServiceInstanceAdd(instance)
}

// initObservedGenerationBuggy is initObservedGeneration before the fix.
func (c *controller) initObservedGenerationBuggy(instance *ServiceInstance) (bool, error) {
	if instance.Status.ObservedGeneration == 0 && instance.Status.ReconciledGeneration != 0 {
		instance.Status.ObservedGeneration = instance.Status.ReconciledGeneration // realbug: listermutation
		provisioned := !isServiceInstanceFailed(instance)
		if provisioned {
			instance.Status.ProvisionStatus = ServiceInstanceProvisionStatusProvisioned
		} else {
			instance.Status.ProvisionStatus = ServiceInstanceProvisionStatusNotProvisioned
		}

		_, err := c.updateServiceInstanceStatus(instance)
		if err != nil {
			return false, err
		}
		return true, nil
	}
	return false, nil
}

// initOrphanMitigationConditionBuggy is initOrphanMitigationCondition
// before the fix.
func (c *controller) initOrphanMitigationConditionBuggy(instance *ServiceInstance) (bool, error) {
	if !isServiceInstanceOrphanMitigation(instance) && instance.Status.OrphanMitigationInProgress {
		reason := startingInstanceOrphanMitigationReason
		message := startingInstanceOrphanMitigationMessage
		c.recorder.Event(instance, corev1.EventTypeWarning, reason, message)
		setServiceInstanceCondition(instance, ServiceInstanceConditionOrphanMitigation, "True", reason, message)

		_, err := c.updateServiceInstanceStatus(instance)
		if err != nil {
			return false, err
		}
		return true, nil
	}
	return false, nil
}

// reconcileServiceInstanceKeyFixed is the same sync handler, calling the
// fixed steps.
func (c *controller) reconcileServiceInstanceKeyFixed(key string) error {
	namespace, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return err
	}
	instance, err := c.instanceLister.ServiceInstances(namespace).Get(name)
	if errors.IsNotFound(err) {
		glog.Infof("Not doing work for %v because it has been deleted", key)
		return nil
	}
	if err != nil {
		glog.Errorf("Unable to retrieve %v from store: %v", key, err)
		return err
	}
	return c.reconcileServiceInstanceFixed(instance)
}

func (c *controller) reconcileServiceInstanceFixed(instance *ServiceInstance) error {
	updated, err := c.initObservedGenerationFixed(instance)
	if err != nil {
		return err
	}
	if updated {
		return nil
	}
	updated, err = c.initOrphanMitigationConditionFixed(instance)
	if err != nil {
		return err
	}
	if updated {
		return nil
	}
	return c.reconcileServiceInstanceAdd(instance)
}

// initObservedGenerationFixed is initObservedGeneration after the fix.
func (c *controller) initObservedGenerationFixed(instance *ServiceInstance) (bool, error) {
	if instance.Status.ObservedGeneration == 0 && instance.Status.ReconciledGeneration != 0 {
		instance = instance.DeepCopy()
		instance.Status.ObservedGeneration = instance.Status.ReconciledGeneration
		provisioned := !isServiceInstanceFailed(instance)
		if provisioned {
			instance.Status.ProvisionStatus = ServiceInstanceProvisionStatusProvisioned
		} else {
			instance.Status.ProvisionStatus = ServiceInstanceProvisionStatusNotProvisioned
		}

		_, err := c.updateServiceInstanceStatus(instance)
		if err != nil {
			return false, err
		}
		return true, nil
	}
	return false, nil
}

// initOrphanMitigationConditionFixed is initOrphanMitigationCondition
// after the fix.
func (c *controller) initOrphanMitigationConditionFixed(instance *ServiceInstance) (bool, error) {
	if !isServiceInstanceOrphanMitigation(instance) && instance.Status.OrphanMitigationInProgress {
		instance := instance.DeepCopy()
		reason := startingInstanceOrphanMitigationReason
		message := startingInstanceOrphanMitigationMessage
		c.recorder.Event(instance, corev1.EventTypeWarning, reason, message)
		setServiceInstanceCondition(instance, ServiceInstanceConditionOrphanMitigation, "True", reason, message)

		_, err := c.updateServiceInstanceStatus(instance)
		if err != nil {
			return false, err
		}
		return true, nil
	}
	return false, nil
}
