package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// EndpointAddress is a single IP address of an endpoint.
type EndpointAddress struct {
	IP       string
	Hostname string
	NodeName *string
}

// EndpointPort is a port of an endpoint.
type EndpointPort struct {
	Name string
	Port int32
}

// EndpointSubset is a group of addresses with a common set of ports.
type EndpointSubset struct {
	Addresses         []EndpointAddress
	NotReadyAddresses []EndpointAddress
	Ports             []EndpointPort
}

// Endpoints is a collection of endpoints that implement the actual service.
type Endpoints struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Subsets []EndpointSubset
}

// DeepCopyInto copies the receiver into out.
func (in *Endpoints) DeepCopyInto(out *Endpoints) { *out = *in }

// DeepCopy returns a copy of the receiver.
func (in *Endpoints) DeepCopy() *Endpoints {
	if in == nil {
		return nil
	}
	out := new(Endpoints)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *Endpoints) DeepCopyObject() runtime.Object { return in.DeepCopy() }
