// Package objectpatch holds patches whose body is the whole object (typed
// and dynamic ones of its JSON, controller-runtime's client.Merge): its
// resourceVersion goes with it, and the server checks it.
package objectpatch

import (
	"context"
	"encoding/json"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/klog/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// label sends the read object back as a strategic merge patch.
func label(ctx context.Context, c kubernetes.Interface, name string) {
	cm, err := c.CoreV1().ConfigMaps("ns").Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Labels = map[string]string{"a": "b"}
	data, err := json.Marshal(cm)
	if err != nil {
		return
	}
	if _, err := c.CoreV1().ConfigMaps("ns").Patch(ctx, name, types.StrategicMergePatchType, data, metav1.PatchOptions{}); err != nil { // want `conflict from ConfigMaps\("ns"\).Patch cannot be returned by label: requeue the object, or re-read cm inside retry.RetryOnConflict`
		klog.Error(err)
	}
}

var gvr = schema.GroupVersionResource{Group: "example.com", Version: "v1", Resource: "widgets"}

// labelDynamic marshals inline.
func labelDynamic(ctx context.Context, c dynamic.Interface, u *unstructured.Unstructured) {
	u.SetLabels(map[string]string{"a": "b"})
	body, _ := json.Marshal(u)
	if _, err := c.Resource(gvr).Namespace("ns").Patch(ctx, u.GetName(), types.MergePatchType, body, metav1.PatchOptions{}); err != nil { // want `conflict from Namespace\("ns"\).Patch cannot be returned by labelDynamic: requeue the object, or re-read u inside retry.RetryOnConflict`
		klog.Error(err)
	}
}

// labelsOnly sends a patch of its own: no resourceVersion, no Conflict.
func labelsOnly(ctx context.Context, c kubernetes.Interface, name string) {
	patch := map[string]any{"metadata": map[string]any{"labels": map[string]string{"a": "b"}}}
	data, _ := json.Marshal(patch)
	if _, err := c.CoreV1().ConfigMaps("ns").Patch(ctx, name, types.MergePatchType, data, metav1.PatchOptions{}); err != nil { // ok: the body carries no resourceVersion
		klog.Error(err)
	}
}

// built sends an object built here, without a resourceVersion.
func built(ctx context.Context, c kubernetes.Interface, name string) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: map[string]string{"a": "b"}}}
	data, _ := json.Marshal(cm)
	if _, err := c.CoreV1().ConfigMaps("ns").Patch(ctx, name, types.MergePatchType, data, metav1.PatchOptions{}); err != nil { // ok: the object has no resourceVersion
		klog.Error(err)
	}
}

// returned hands the Conflict on.
func returned(ctx context.Context, c kubernetes.Interface, cm *corev1.ConfigMap) error {
	data, err := json.Marshal(cm)
	if err != nil {
		return err
	}
	_, err = c.CoreV1().ConfigMaps("ns").Patch(ctx, cm.Name, types.MergePatchType, data, metav1.PatchOptions{}) // ok: returned
	return err
}

// resume is kubevela's `vela workflow resume` (operation.go): a
// controller-runtime Patch with client.Merge sends the read object as the
// patch body, its resourceVersion included, and the error only logged.
func resume(ctx context.Context, c client.Client, key client.ObjectKey) {
	var cm corev1.ConfigMap
	if err := c.Get(ctx, key, &cm); err != nil {
		return
	}
	cm.Data = map[string]string{"suspend": "false"}
	if err := c.Status().Patch(ctx, &cm, client.Merge); err != nil { // want `conflict from Status\(\).Patch cannot be returned by resume: requeue the object, or re-read cm inside retry.RetryOnConflict`
		klog.ErrorS(err, "resume")
	}
}

// labelFresh merge-patches an object built here: no resourceVersion goes
// with it, so nothing can conflict.
func labelFresh(ctx context.Context, c client.Client) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "a", Namespace: "ns", Labels: map[string]string{"a": "b"}}}
	if err := c.Patch(ctx, cm, client.Merge); err != nil { // ok: built without a resourceVersion
		klog.ErrorS(err, "label")
	}
}

// labelFromBase is a merge-from patch: a diff against the base, which
// carries no resourceVersion.
func labelFromBase(ctx context.Context, c client.Client, key client.ObjectKey) {
	var cm corev1.ConfigMap
	if err := c.Get(ctx, key, &cm); err != nil {
		return
	}
	base := cm.DeepCopy()
	cm.Labels = map[string]string{"a": "b"}
	if err := c.Patch(ctx, &cm, client.MergeFrom(base)); err != nil { // ok: no resourceVersion in a diff
		klog.ErrorS(err, "label")
	}
}
