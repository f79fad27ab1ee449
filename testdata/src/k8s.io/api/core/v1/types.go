// Package v1 is a test stub of k8s.io/api/core/v1.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// The event types.
const (
	EventTypeNormal  string = "Normal"
	EventTypeWarning string = "Warning"
)

// ConditionStatus is True, False or Unknown.
type ConditionStatus string

// The condition statuses.
const (
	ConditionTrue    ConditionStatus = "True"
	ConditionFalse   ConditionStatus = "False"
	ConditionUnknown ConditionStatus = "Unknown"
)

// ConfigMap holds configuration data.
type ConfigMap struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Immutable  *bool
	Data       map[string]string
	BinaryData map[string][]byte
}

// ConfigMapList is a list of ConfigMap.
type ConfigMapList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []ConfigMap
}

// SecretType says how a secret's data is used.
type SecretType string

// SecretTypeOpaque is arbitrary user data.
const SecretTypeOpaque SecretType = "Opaque"

// Secret holds sensitive data.
type Secret struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Immutable  *bool
	Data       map[string][]byte
	StringData map[string]string
	Type       SecretType
}

// SecretList is a list of Secret.
type SecretList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Secret
}

// Container is one container of a pod.
type Container struct {
	Name  string
	Image string
}

// PodSpec is the desired state of a pod.
type PodSpec struct {
	Containers []Container
	NodeName   string
}

// PodPhase is the lifecycle phase of a pod.
type PodPhase string

// The pod phases.
const (
	PodPending   PodPhase = "Pending"
	PodRunning   PodPhase = "Running"
	PodSucceeded PodPhase = "Succeeded"
	PodFailed    PodPhase = "Failed"
)

// PodConditionType names a pod condition.
type PodConditionType string

// PodCondition is one observation about a pod.
type PodCondition struct {
	Type    PodConditionType
	Status  ConditionStatus
	Reason  string
	Message string
}

// PodStatus is the observed state of a pod.
type PodStatus struct {
	Phase      PodPhase
	Conditions []PodCondition
	Message    string
	Reason     string
	PodIP      string
}

// Pod is a group of containers.
type Pod struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   PodSpec
	Status PodStatus
}

// PodList is a list of Pod.
type PodList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Pod
}

// ServicePort is one port of a service.
type ServicePort struct {
	Name string
	Port int32
}

// ServiceSpec is the desired state of a service.
type ServiceSpec struct {
	Ports     []ServicePort
	Selector  map[string]string
	ClusterIP string
}

// ServiceStatus is the observed state of a service.
type ServiceStatus struct {
	LoadBalancer LoadBalancerStatus
	Conditions   []metav1.Condition
}

// LoadBalancerStatus represents the status of a load-balancer.
type LoadBalancerStatus struct {
	Ingress []LoadBalancerIngress
}

// LoadBalancerIngress represents the status of a load-balancer ingress point.
type LoadBalancerIngress struct {
	IP       string
	Hostname string
}

// Service exposes a set of pods.
type Service struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   ServiceSpec
	Status ServiceStatus
}

// ServiceList is a list of Service.
type ServiceList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Service
}

// DeepCopyInto copies the receiver into out.
func (in *ConfigMap) DeepCopyInto(out *ConfigMap) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *ConfigMap) DeepCopy() *ConfigMap {
	if in == nil {
		return nil
	}
	out := new(ConfigMap)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *ConfigMap) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies the receiver into out.
func (in *ConfigMapList) DeepCopyInto(out *ConfigMapList) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *ConfigMapList) DeepCopy() *ConfigMapList {
	if in == nil {
		return nil
	}
	out := new(ConfigMapList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *ConfigMapList) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies the receiver into out.
func (in *Secret) DeepCopyInto(out *Secret) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *Secret) DeepCopy() *Secret {
	if in == nil {
		return nil
	}
	out := new(Secret)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *Secret) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies the receiver into out.
func (in *SecretList) DeepCopyInto(out *SecretList) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *SecretList) DeepCopy() *SecretList {
	if in == nil {
		return nil
	}
	out := new(SecretList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *SecretList) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies the receiver into out.
func (in *Pod) DeepCopyInto(out *Pod) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *Pod) DeepCopy() *Pod {
	if in == nil {
		return nil
	}
	out := new(Pod)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *Pod) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies the receiver into out.
func (in *PodList) DeepCopyInto(out *PodList) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *PodList) DeepCopy() *PodList {
	if in == nil {
		return nil
	}
	out := new(PodList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *PodList) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies the receiver into out.
func (in *Service) DeepCopyInto(out *Service) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *Service) DeepCopy() *Service {
	if in == nil {
		return nil
	}
	out := new(Service)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *Service) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies the receiver into out.
func (in *ServiceList) DeepCopyInto(out *ServiceList) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *ServiceList) DeepCopy() *ServiceList {
	if in == nil {
		return nil
	}
	out := new(ServiceList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *ServiceList) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// Namespace is a cluster-scoped group of resources.
type Namespace struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   NamespaceSpec
	Status NamespaceStatus
}

// NamespaceSpec is the desired state of a namespace.
type NamespaceSpec struct {
	Finalizers []string
}

// NamespaceStatus is the observed state of a namespace.
type NamespaceStatus struct {
	Phase string
}

// DeepCopyInto copies the receiver into out.
func (in *Namespace) DeepCopyInto(out *Namespace) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *Namespace) DeepCopy() *Namespace {
	if in == nil {
		return nil
	}
	out := new(Namespace)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *Namespace) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// NodeSpec is the desired state of a node.
type NodeSpec struct {
	PodCIDR       string
	ProviderID    string
	Unschedulable bool
	Taints        []Taint
}

// TaintEffect is the effect of a taint on pods that do not tolerate it.
type TaintEffect string

const (
	TaintEffectNoSchedule       TaintEffect = "NoSchedule"
	TaintEffectPreferNoSchedule TaintEffect = "PreferNoSchedule"
	TaintEffectNoExecute        TaintEffect = "NoExecute"
)

// Taint is attached to a node to repel pods that do not tolerate it.
type Taint struct {
	Key       string
	Value     string
	Effect    TaintEffect
	TimeAdded *metav1.Time
}

// NodeStatus is the observed state of a node.
type NodeStatus struct {
	Phase string
}

// Node is a worker machine.
type Node struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   NodeSpec
	Status NodeStatus
}

// NodeList is a list of Node.
type NodeList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Node
}

// DeepCopyInto copies the receiver into out.
func (in *Node) DeepCopyInto(out *Node) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *Node) DeepCopy() *Node {
	if in == nil {
		return nil
	}
	out := new(Node)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *Node) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeepCopyInto copies the receiver into out.
func (in *NodeList) DeepCopyInto(out *NodeList) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *NodeList) DeepCopy() *NodeList {
	if in == nil {
		return nil
	}
	out := new(NodeList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *NodeList) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// ErrIntOverflowGenerated is set in init, as generated protobuf code does
// not, so that no fact says it is never nil: only the naming convention
// of sentinel errors does.
var ErrIntOverflowGenerated error

func init() { ErrIntOverflowGenerated = errIntOverflow{} }

type errIntOverflow struct{}

func (errIntOverflow) Error() string { return "proto: integer overflow" }
