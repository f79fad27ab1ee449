// Package clientset is a test stub of
// k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset.
package clientset

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset/typed/apiextensions/v1"
	"k8s.io/client-go/rest"
)

// Interface reaches the apiextensions API groups.
type Interface interface {
	ApiextensionsV1() apiextensionsv1.ApiextensionsV1Interface
}

// Clientset is the apiextensions clientset.
type Clientset struct {
	apiextensionsV1 apiextensionsv1.ApiextensionsV1Interface
}

var _ Interface = (*Clientset)(nil)

// ApiextensionsV1 returns the apiextensions.k8s.io/v1 client.
func (c *Clientset) ApiextensionsV1() apiextensionsv1.ApiextensionsV1Interface {
	return c.apiextensionsV1
}

// NewForConfig returns a clientset for c.
func NewForConfig(c *rest.Config) (*Clientset, error) { return &Clientset{}, nil }
