// Package dynamicsync propagates labels from a Namespace onto the objects in
// it. The kinds to touch are configured at run time, so it works through the
// dynamic client on unstructured objects.
package dynamicsync

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	utilerrors "k8s.io/apimachinery/pkg/util/errors"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/util/retry"
	"k8s.io/klog/v2"
)

// Annotations the syncer leaves on the namespaces it processed.
const (
	syncedAtAnnotation  = "widgets.example.com/labels-synced-at"
	syncErrorAnnotation = "widgets.example.com/labels-sync-error"
	ownersAnnotation    = "widgets.example.com/label-owners"
)

var namespacesGVR = schema.GroupVersionResource{Version: "v1", Resource: "namespaces"}

// Syncer copies the namespace labels named in Keys onto every object of the
// configured Resources in that namespace.
type Syncer struct {
	Client    dynamic.Interface
	Resources []schema.GroupVersionResource
	Keys      []string
}

// SyncNamespace propagates the labels of one namespace. It records the
// outcome on the namespace itself.
func (s *Syncer) SyncNamespace(ctx context.Context, namespace string) (err error) {
	ns, err := s.Client.Resource(namespacesGVR).Get(ctx, namespace, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("reading namespace %s: %w", namespace, err)
	}

	defer func() {
		annotations := ns.GetAnnotations()
		if annotations == nil {
			annotations = map[string]string{}
		}
		annotations[syncedAtAnnotation] = time.Now().UTC().Format(time.RFC3339)
		if err != nil {
			annotations[syncErrorAnnotation] = err.Error()
		} else {
			delete(annotations, syncErrorAnnotation)
		}
		ns.SetAnnotations(annotations)
		_, uerr := s.Client.Resource(namespacesGVR).Update(ctx, ns, metav1.UpdateOptions{})
		err = utilerrors.NewAggregate([]error{err, uerr})
	}()

	want := s.wanted(ns)
	for _, gvr := range s.Resources {
		if err := s.syncResource(ctx, gvr, namespace, want); err != nil {
			return err
		}
	}
	return nil
}

// syncResource labels every object of one resource. An object that cannot
// be written is skipped; the next periodic sync will pick it up.
func (s *Syncer) syncResource(ctx context.Context, gvr schema.GroupVersionResource, namespace string, want map[string]string) error {
	logger := klog.FromContext(ctx)
	objects := s.Client.Resource(gvr).Namespace(namespace)

	list, err := objects.List(ctx, metav1.ListOptions{})
	if err != nil {
		return fmt.Errorf("listing %s in %s: %w", gvr.Resource, namespace, err)
	}
	for i := range list.Items {
		obj := &list.Items[i]
		if !mergeLabels(obj, want) {
			continue
		}
		if _, err := objects.Update(ctx, obj, metav1.UpdateOptions{}); err != nil {
			logger.Error(err, "Failed to propagate namespace labels", "resource", gvr.Resource, "object", klog.KObj(obj))
			continue
		}
		logger.V(2).Info("Propagated namespace labels", "resource", gvr.Resource, "object", klog.KObj(obj))
	}
	return nil
}

// SyncObject propagates the namespace labels onto a single object, for
// callers that react to one object changing.
func (s *Syncer) SyncObject(ctx context.Context, gvr schema.GroupVersionResource, namespace, name string, want map[string]string) error {
	objects := s.Client.Resource(gvr).Namespace(namespace)
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		obj, err := objects.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		if !mergeLabels(obj, want) {
			return nil
		}
		_, err = objects.Update(ctx, obj, metav1.UpdateOptions{})
		return err
	})
}

// Forget removes the propagated labels from one object, for example when
// a namespace stops being managed. The write is tried a few times because
// the objects are shared with other controllers.
func (s *Syncer) Forget(ctx context.Context, gvr schema.GroupVersionResource, namespace, name string) error {
	objects := s.Client.Resource(gvr).Namespace(namespace)
	obj, err := objects.Get(ctx, name, metav1.GetOptions{})
	if apierrors.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}

	current := obj.GetLabels()
	for _, k := range s.Keys {
		delete(current, k)
	}
	obj.SetLabels(current)
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = objects.Update(ctx, obj, metav1.UpdateOptions{}); err == nil {
			break
		}
	}
	return err
}

// RecordOwners notes on the namespace which label keys the syncer owns, so
// that other tools know to leave them alone. It is advisory only.
func (s *Syncer) RecordOwners(ctx context.Context, namespace string) {
	patch, err := json.Marshal(map[string]any{
		"metadata": map[string]any{
			"annotations": map[string]string{ownersAnnotation: fmt.Sprint(s.Keys)},
		},
	})
	if err != nil {
		return
	}
	_, _ = s.Client.Resource(namespacesGVR).Patch(ctx, namespace, types.MergePatchType, patch, metav1.PatchOptions{})
}

// wanted returns the labels of ns that the syncer propagates.
func (s *Syncer) wanted(ns *unstructured.Unstructured) map[string]string {
	all := ns.GetLabels()
	want := make(map[string]string, len(s.Keys))
	for _, k := range s.Keys {
		if v, ok := all[k]; ok {
			want[k] = v
		}
	}
	return want
}

// mergeLabels sets the wanted labels on obj and reports whether anything
// changed.
func mergeLabels(obj *unstructured.Unstructured, want map[string]string) bool {
	current := obj.GetLabels()
	merged := maps.Clone(current)
	if merged == nil {
		merged = map[string]string{}
	}
	maps.Copy(merged, want)
	if maps.Equal(current, merged) {
		return false
	}
	obj.SetLabels(merged)
	return true
}
