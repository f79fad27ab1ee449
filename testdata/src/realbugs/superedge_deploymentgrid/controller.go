// Package superedge_deploymentgrid reduces a bug fixed in
// superedge/superedge.
//
//	repo:     https://github.com/superedge/superedge
//	fix:      https://github.com/superedge/superedge/pull/479 (commit aeff29cfcff07791d4f51d7ec103bd6e34f7fa7a)
//	file:     pkg/application-grid-controller/controller/deployment/controller.go
//	function: (*DeploymentGridController).syncDeploymentGrid, the work queue's sync handler
//
// The sync handler took the DeploymentGrid from the lister, filled in the
// template hash and default template on a copy and updated it with the
// generated clientset; it returned the error unless it was a Conflict, and
// nil then, so the work queue forgot the key and the template change was
// dropped (the original relied on the informer event of the newer version
// to sync again; the maintainers found that the event can be missed). The
// fix returns every error, so a Conflict requeues the key. The same change
// was made to the StatefulSetGrid controller.
package superedge_deploymentgrid

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/tools/record"
	"k8s.io/klog/v2"
)

const DefaultTemplateName = "default"

type DeploymentGridSpec struct {
	GridUniqKey         string
	DefaultTemplateName string
	TemplatePool        map[string]string
	TemplateHash        string
}

type DeploymentGrid struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec DeploymentGridSpec
}

// DeepCopyInto and DeepCopy have the generated shapes.
func (in *DeploymentGrid) DeepCopyInto(out *DeploymentGrid) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	if in.Spec.TemplatePool != nil {
		out.Spec.TemplatePool = make(map[string]string, len(in.Spec.TemplatePool))
		for k, v := range in.Spec.TemplatePool {
			out.Spec.TemplatePool[k] = v
		}
	}
}

func (in *DeploymentGrid) DeepCopy() *DeploymentGrid {
	if in == nil {
		return nil
	}
	out := new(DeploymentGrid)
	in.DeepCopyInto(out)
	return out
}

func (in *DeploymentGrid) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// DeploymentGridInterface has the generated typed client's shapes.
type DeploymentGridInterface interface {
	Update(ctx context.Context, deploymentGrid *DeploymentGrid, opts metav1.UpdateOptions) (*DeploymentGrid, error)
}

type SuperedgeV1Interface interface {
	DeploymentGrids(namespace string) DeploymentGridInterface
}

type CRDClientSet interface {
	SuperedgeV1() SuperedgeV1Interface
}

// DeploymentGridNamespaceLister has the generated lister's shape.
type DeploymentGridNamespaceLister interface {
	Get(name string) (*DeploymentGrid, error)
}

type DeploymentGridLister interface {
	DeploymentGrids(namespace string) DeploymentGridNamespaceLister
}

type templateHasher struct{}

func (templateHasher) RemoveUnusedTemplate(dg *DeploymentGrid) error { return nil }
func (templateHasher) UpdateTemplateHash(dg *DeploymentGrid)         { dg.Spec.TemplateHash = "h" }

func specChanged(a, b *DeploymentGrid) bool {
	return a.Spec.DefaultTemplateName != b.Spec.DefaultTemplateName || a.Spec.TemplateHash != b.Spec.TemplateHash
}

type DeploymentGridController struct {
	crdClient      CRDClientSet
	dpGridLister   DeploymentGridLister
	eventRecorder  record.EventRecorder
	templateHasher templateHasher
}

func (dgc *DeploymentGridController) syncWorkloads(dg *DeploymentGrid) error { return nil }

// syncDeploymentGridBuggy is syncDeploymentGrid before the fix.
func (dgc *DeploymentGridController) syncDeploymentGridBuggy(key string) error {
	namespace, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return err
	}

	dg, err := dgc.dpGridLister.DeploymentGrids(namespace).Get(name)
	if errors.IsNotFound(err) {
		klog.V(2).Infof("deployment grid %v has been deleted", key)
		return nil
	}
	if err != nil {
		return err
	}

	if dg.Spec.GridUniqKey == "" {
		dgc.eventRecorder.Eventf(dg, corev1.EventTypeWarning, "Empty", "This deployment-grid has an empty grid key")
		return nil
	}

	dgCopy := dg.DeepCopy()
	if dgCopy.Spec.DefaultTemplateName == "" {
		dgCopy.Spec.DefaultTemplateName = DefaultTemplateName
	}
	if err := dgc.templateHasher.RemoveUnusedTemplate(dgCopy); err != nil {
		klog.Errorf("Failed to remove unused template for deploymentGrid %s: %v", dg.Name, err)
		return err
	}
	dgc.templateHasher.UpdateTemplateHash(dgCopy)

	if specChanged(dg, dgCopy) {
		klog.Infof("Updating deploymentGrid %s/%s template", dgCopy.Namespace, dgCopy.Name)
		dg, err = dgc.crdClient.SuperedgeV1().DeploymentGrids(dgCopy.Namespace).Update(context.TODO(), dgCopy, metav1.UpdateOptions{}) // realbug: unretriedupdate
		if err != nil && !errors.IsConflict(err) {
			return err
		}
		return nil
	}

	return dgc.syncWorkloads(dg)
}

// syncDeploymentGridFixed is syncDeploymentGrid after the fix: every error
// goes back to the work queue.
func (dgc *DeploymentGridController) syncDeploymentGridFixed(key string) error {
	namespace, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return err
	}

	dg, err := dgc.dpGridLister.DeploymentGrids(namespace).Get(name)
	if errors.IsNotFound(err) {
		klog.V(2).Infof("deployment grid %v has been deleted", key)
		return nil
	}
	if err != nil {
		return err
	}

	if dg.Spec.GridUniqKey == "" {
		dgc.eventRecorder.Eventf(dg, corev1.EventTypeWarning, "Empty", "This deployment-grid has an empty grid key")
		return nil
	}

	dgCopy := dg.DeepCopy()
	if dgCopy.Spec.DefaultTemplateName == "" {
		dgCopy.Spec.DefaultTemplateName = DefaultTemplateName
	}
	if err := dgc.templateHasher.RemoveUnusedTemplate(dgCopy); err != nil {
		klog.Errorf("Failed to remove unused template for deploymentGrid %s: %v", dg.Name, err)
		return err
	}
	dgc.templateHasher.UpdateTemplateHash(dgCopy)

	if specChanged(dg, dgCopy) {
		klog.Infof("Updating deploymentGrid %s/%s template", dgCopy.Namespace, dgCopy.Name)
		_, err = dgc.crdClient.SuperedgeV1().DeploymentGrids(dgCopy.Namespace).Update(context.TODO(), dgCopy, metav1.UpdateOptions{}) // realbug: unretriedupdate fp=strict "by design strict mode reports every write outside a retry scope; the fix returns the Conflict to the work queue"
		return err
	}

	return dgc.syncWorkloads(dg)
}
