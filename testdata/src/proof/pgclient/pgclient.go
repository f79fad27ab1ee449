// Package pgclient is a project's client wrapper in a package of its own
// (the shape of a Postgres operator's k8sutil): a status write that
// reports its failure with fmt.Errorf's %v, so the error's text survives
// and its value does not.
package pgclient

import (
	"context"
	"fmt"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	foo "example.com/foo-operator/pkg/generated/clientset/versioned"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Client wraps the generated clientset.
type Client struct {
	Foos foo.Interface
}

// SetStatus writes the status of f and returns the stored object.
func (c *Client) SetStatus(ns string, f *foov1.Foo) (*foov1.Foo, error) {
	f, err := c.Foos.FooV1().Foos(ns).UpdateStatus(context.TODO(), f, metav1.UpdateOptions{})
	if err != nil {
		return f, fmt.Errorf("could not update status: %v", err)
	}
	return f, nil
}
