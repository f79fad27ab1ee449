// Package cacheapi is a test stub of
// sigs.k8s.io/controller-runtime/pkg/cache/cacheapi, where client.Object is
// declared.
package cacheapi

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Object is a Kubernetes object with metadata.
type Object interface {
	metav1.Object
	runtime.Object
}

// IndexerFunc computes the index values of an object.
type IndexerFunc func(Object) []string

// FieldIndexer adds field indexes to a cache.
type FieldIndexer interface {
	IndexField(ctx context.Context, obj Object, field string, extractValue IndexerFunc) error
}
