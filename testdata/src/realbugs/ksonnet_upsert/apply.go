// Package ksonnet_upsert reduces a bug fixed in ksonnet/ksonnet.
//
//	repo:     https://github.com/ksonnet/ksonnet
//	fix:      https://github.com/ksonnet/ksonnet/pull/787 (commit 5ac8a7fce98714e41a3144191ae517c918494399; issue #650)
//	file:     pkg/cluster/apply.go (with pkg/cluster/upsert.go)
//	function: (*Apply).upsert
//
// The apply loop retried on Conflict by calling the Upserter again with the
// same object; the upserter sends the whole object, resourceVersion
// included, as a merge patch, so every retry sent the same stale version
// and failed again. The fix copies the live resourceVersion onto the object
// before the next try.
package ksonnet_upsert

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	kerrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/dynamic"
)

const applyConflictRetryCount = 5

var errApplyConflict = errors.New("conflict while applying object")

// ResourceClient is ksonnet's client for one object.
type ResourceClient interface {
	Create() (*unstructured.Unstructured, error)
	Get(options metav1.GetOptions) (*unstructured.Unstructured, error)
	Patch(pt types.PatchType, data []byte) (*unstructured.Unstructured, error)
}

// resourceClient is ksonnet's ResourceClient over the dynamic client (the
// original used the dynamic client of its time, without a context).
type resourceClient struct {
	object *unstructured.Unstructured
	c      dynamic.ResourceInterface
}

func (c *resourceClient) Create() (*unstructured.Unstructured, error) {
	return c.c.Create(context.TODO(), c.object, metav1.CreateOptions{})
}

func (c *resourceClient) Get(options metav1.GetOptions) (*unstructured.Unstructured, error) {
	return c.c.Get(context.TODO(), c.object.GetName(), options)
}

func (c *resourceClient) Patch(pt types.PatchType, data []byte) (*unstructured.Unstructured, error) {
	return c.c.Patch(context.TODO(), c.object.GetName(), pt, data, metav1.PatchOptions{})
}

type resourceClientFactoryFn func(obj *unstructured.Unstructured) (ResourceClient, error)

// Upserter updates or creates objects.
type Upserter interface {
	Upsert(*unstructured.Unstructured) (string, error)
}

type defaultUpserter struct {
	resourceClientFactory resourceClientFactoryFn
}

// Upsert patches the object with its whole JSON, metadata.resourceVersion
// included, so the server checks that version.
func (u *defaultUpserter) Upsert(obj *unstructured.Unstructured) (string, error) {
	rc, err := u.resourceClientFactory(obj)
	if err != nil {
		return "", err
	}
	objectData, err := json.Marshal(obj)
	if err != nil {
		return "", err
	}
	patched, err := rc.Patch(types.MergePatchType, objectData) // realbug: unretriedupdate fp=strict "strict mode does not take the callers' hand-written retry loops for a retry scope"
	if err != nil {
		return "", err
	}
	return string(patched.GetUID()), nil
}

type Apply struct {
	upserterFactory       func() Upserter
	resourceClientFactory resourceClientFactoryFn
	conflictTimeout       time.Duration
}

// upsertBuggy is (*Apply).upsert before the fix.
func (a *Apply) upsertBuggy(obj *unstructured.Unstructured) (string, error) {
	u := a.upserterFactory()

	for i := applyConflictRetryCount; i > 0; i-- {
		uid, err := u.Upsert(obj) // realbug: staleupdate
		if err != nil {
			if !kerrors.IsConflict(err) {
				return "", err
			}
			time.Sleep(a.conflictTimeout)
			continue
		}
		return uid, nil
	}
	return "", errApplyConflict
}

// upsertFixed is (*Apply).upsert after the fix: on Conflict it copies the
// live resourceVersion onto the object before the next try.
func (a *Apply) upsertFixed(obj *unstructured.Unstructured) (string, error) {
	u := a.upserterFactory()

	for i := applyConflictRetryCount; i > 0; i-- {
		uid, err := u.Upsert(obj) // realbug: staleupdate fp=default,strict "the fix copies the live resourceVersion only when its re-Get succeeds; after a failed re-Get the next attempt resends the stale object (the shape of N-AR2, which the corpus triage counts as a bug), which here only costs an attempt"
		if err != nil {
			if !kerrors.IsConflict(err) {
				return "", err
			}
			updatedObj, err := a.getUpdatedObject(obj)
			if err == nil {
				obj.SetResourceVersion(updatedObj.GetResourceVersion())
			}
			time.Sleep(a.conflictTimeout)
			continue
		}
		return uid, nil
	}
	return "", errApplyConflict
}

func (a *Apply) getUpdatedObject(obj *unstructured.Unstructured) (*unstructured.Unstructured, error) {
	rc, err := a.resourceClientFactory(obj)
	if err != nil {
		return nil, err
	}
	return rc.Get(metav1.GetOptions{})
}
