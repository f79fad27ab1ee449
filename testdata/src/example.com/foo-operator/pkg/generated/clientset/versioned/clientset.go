// Package versioned is the clientset of the sample Foo API, shaped like
// code-generator output.
package versioned

import (
	foov1 "example.com/foo-operator/pkg/generated/clientset/versioned/typed/foo/v1"
	rest "k8s.io/client-go/rest"
)

// Interface reaches every group of the clientset.
type Interface interface {
	FooV1() foov1.FooV1Interface
}

// Clientset is the concrete clientset.
type Clientset struct {
	fooV1 *foov1.FooV1Client
}

var _ Interface = (*Clientset)(nil)

// FooV1 returns the foo.example.com/v1 client.
func (c *Clientset) FooV1() foov1.FooV1Interface { return c.fooV1 }

// NewForConfig returns a clientset for c.
func NewForConfig(c *rest.Config) (*Clientset, error) {
	fooV1, err := foov1.NewForConfig(c)
	if err != nil {
		return nil, err
	}
	return &Clientset{fooV1: fooV1}, nil
}
