// Package unconditional: objects built without a resourceVersion cannot
// conflict: built-in kinds are updated unconditionally, custom resources
// are rejected as Invalid (another bug than a lost Conflict).
package unconditional

import (
	"context"
	"errors"
	"log"
	"reflect"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/yaml"
)

func fresh(ctx context.Context, c client.Client, cs kubernetes.Interface, key client.ObjectKey, manifest []byte, owner *foov1.Foo) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "settings", Namespace: "ns"}, Data: map[string]string{"a": "b"}}
	_ = c.Update(ctx, cm) // ok: a fresh ConfigMap without resourceVersion is updated unconditionally

	var secret corev1.Secret
	secret.Name = "token"
	_, _ = cs.CoreV1().Secrets("ns").Update(ctx, &secret, metav1.UpdateOptions{}) // ok: zero value, no resourceVersion

	foo := &foov1.Foo{ObjectMeta: metav1.ObjectMeta{Name: "foo"}}
	_ = c.Update(ctx, foo) // ok: no resourceVersion, so no Conflict (the server rejects it as Invalid)

	pinned := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "pinned", ResourceVersion: "42"}}
	_ = c.Update(ctx, pinned) // want `conflict from c.Update cannot be returned by fresh: requeue the object, or re-read pinned inside retry.RetryOnConflict`

	read := &corev1.ConfigMap{}
	_ = c.Get(ctx, key, read)
	_ = c.Update(ctx, read) // want `conflict from c.Update cannot be returned by fresh: re-read read inside retry.RetryOnConflict`

	created := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "created"}}
	_ = c.Create(ctx, created) // Create fills in the resourceVersion
	_ = c.Update(ctx, created) // want `conflict from c.Update cannot be returned by fresh: requeue the object, or re-read created inside retry.RetryOnConflict`

	twice := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "twice"}}
	_ = c.Update(ctx, twice) // want `conflict from c.Update cannot be returned by fresh: requeue the object, or re-read twice inside retry.RetryOnConflict`
	_ = c.Update(ctx, twice) // want `conflict from c.Update cannot be returned by fresh: requeue the object, or re-read twice inside retry.RetryOnConflict`

	var decoded corev1.ConfigMap
	_ = yaml.Unmarshal(manifest, &decoded)
	_ = controllerutil.SetControllerReference(owner, &decoded, nil)
	_ = c.Update(ctx, &decoded) // ok: decoded from a manifest, owned, still no resourceVersion

	copied := &corev1.ConfigMap{}
	read.DeepCopyInto(copied)
	_ = c.Update(ctx, copied) // want `conflict from c.Update cannot be returned by fresh: re-read copied inside retry.RetryOnConflict`

	versioned := &corev1.ConfigMap{}
	versioned.SetResourceVersion("7")
	_ = c.Update(ctx, versioned) // want `conflict from c.Update cannot be returned by fresh: requeue the object, or re-read versioned inside retry.RetryOnConflict`
}

// newFixture builds a test object the way test fixtures do.
func newFixture() *corev1.ConfigMap {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "fixture", Namespace: "ns"}}
	cm.Data = map[string]string{"a": "b"}
	return cm
}

func fixtureUpdatedTwice(ctx context.Context, cs kubernetes.Interface) {
	cm := newFixture()
	_, _ = cs.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{}) // ok: built by a fixture without resourceVersion; a typed Update leaves it so
	cm.Data["a"] = "c"
	_, _ = cs.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{}) // ok: still no resourceVersion
}

// saveDefaults writes an object it builds without a resourceVersion: its
// error is never a Conflict, so dropping it loses none.
func saveDefaults(ctx context.Context, c client.Client) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "defaults", Namespace: "ns"}}
	return c.Update(ctx, cm)
}

func callsSaveDefaults(ctx context.Context, c client.Client) {
	_ = saveDefaults(ctx, c) // ok: the helper's write cannot conflict
}

// writeAll sends each ConfigMap as its caller built it.
func writeAll(ctx context.Context, cs kubernetes.Interface, cms []*corev1.ConfigMap) error {
	for _, cm := range cms {
		if _, err := cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
			return err
		}
	}
	return nil
}

// buildAll builds the desired ConfigMaps in a loop.
func buildAll(ns string) ([]*corev1.ConfigMap, error) {
	var out []*corev1.ConfigMap
	for _, name := range []string{"a", "b"} {
		out = append(out, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns}})
	}
	return out, nil
}

func installAll(ctx context.Context, cs kubernetes.Interface) {
	cms, err := buildAll("ns")
	if err != nil {
		return
	}
	_ = writeAll(ctx, cs, cms) // ok: built by buildAll without a resourceVersion
}

func reinstallAll(ctx context.Context, cs kubernetes.Interface, cms []*corev1.ConfigMap) {
	_ = writeAll(ctx, cs, cms) // want `conflict from writeAll cannot be returned by reinstallAll: requeue the object, or re-read the object inside retry.RetryOnConflict`
}

// Operator computes the whole desired object each time, with methods.
type Operator struct {
	cs kubernetes.Interface
	ns string
}

// generateDeployment builds the desired Deployment, or fails.
func (o *Operator) generateDeployment(name string) (*appsv1.Deployment, error) {
	if name == "" {
		return nil, errors.New("no name")
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: o.ns}}
	d.Labels = map[string]string{"app": name}
	return d, nil
}

// sameDeployment compares the live object with the desired one.
func (o *Operator) sameDeployment(live, desired *appsv1.Deployment) bool {
	return reflect.DeepEqual(live.Spec, desired.Spec)
}

// syncDeployment is a reduction of postgres-operator's sync of its
// logical backup job: the desired object is fresh on every path to the
// Update, and compared with the live one on the way.
func (o *Operator) syncDeployment(ctx context.Context, name string) {
	var desired *appsv1.Deployment
	live, err := o.cs.AppsV1().Deployments(o.ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return
	}
	desired, err = o.generateDeployment(name)
	if err != nil {
		return
	}
	if !reflect.DeepEqual(live.OwnerReferences, desired.OwnerReferences) || !o.sameDeployment(live, desired) {
		if _, err := o.cs.AppsV1().Deployments(o.ns).Update(ctx, desired, metav1.UpdateOptions{}); err != nil { // ok: desired is built fresh by a method and only compared
			log.Print(err)
		}
	}
}

// syncEitherWay builds the desired object on one path and takes the live
// one on the other: not fresh on every path.
func (o *Operator) syncEitherWay(ctx context.Context, name string, rebuild bool) {
	live, err := o.cs.AppsV1().Deployments(o.ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return
	}
	desired := live
	if rebuild {
		if desired, err = o.generateDeployment(name); err != nil {
			return
		}
	}
	if _, err := o.cs.AppsV1().Deployments(o.ns).Update(ctx, desired, metav1.UpdateOptions{}); err != nil { // want `conflict from Deployments\(o.ns\).Update cannot be returned by syncEitherWay: requeue the object, or re-read desired inside retry.RetryOnConflict`
		log.Print(err)
	}
}

// buildStatusResources splits the status of a Foo into the Foo and a new
// ConfigMap, as clickhouse-operator's does: the second result is fresh on
// every return, the first is the caller's object.
func (o *Operator) buildStatusResources(foo *foov1.Foo) (*foov1.Foo, *corev1.ConfigMap) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: foo.Name + "-status", Namespace: o.ns}, Data: map[string]string{"state": "ok"}}
	return foo, cm
}

// statusUpdateCM writes the ConfigMap it is given, as it is given.
func (o *Operator) statusUpdateCM(ctx context.Context, cm *corev1.ConfigMap) error {
	_, err := o.cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{})
	return err
}

func (o *Operator) statusUpdate(ctx context.Context, in *foov1.Foo) *foov1.Foo {
	foo, cm := o.buildStatusResources(in)
	_ = o.statusUpdateCM(ctx, cm) // ok: cm is the result buildStatusResources builds fresh
	return foo
}

func (o *Operator) statusUpdateLive(ctx context.Context, name string) {
	live, err := o.cs.CoreV1().ConfigMaps(o.ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return
	}
	_ = o.statusUpdateCM(ctx, live) // want `conflict from o.statusUpdateCM cannot be returned by statusUpdateLive: requeue the object, or re-read live inside retry.RetryOnConflict`
}
