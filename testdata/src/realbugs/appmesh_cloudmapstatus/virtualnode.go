// Package appmesh_cloudmapstatus reduces a bug fixed in
// aws/aws-app-mesh-controller-for-k8s.
//
//	repo:     https://github.com/aws/aws-app-mesh-controller-for-k8s
//	fix:      https://github.com/aws/aws-app-mesh-controller-for-k8s/pull/64 (commit 3d3e0564436180a6bad01d847baf0593f2cb34eb)
//	file:     pkg/controller/virtualnode.go
//	function: (*Controller).handleServiceDiscovery
//
// The client-go work-queue controller recorded the Cloud Map service IDs
// with the generated clientset's UpdateStatus(obj) (the pre-v0.18 shape, no
// context), passed the error only to klog (v1) and returned nil: the event
// handler and the reconciler both write the VirtualNode, and a Conflict
// lost the IDs. The fix retries with a re-read after the first attempt.
package appmesh_cloudmapstatus

import (
	"context"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/util/retry"
	"k8s.io/klog"
)

type CloudMapServiceStatus struct {
	NamespaceID *string
	ServiceID   *string
}

type VirtualNodeSpec struct{ CloudMapServiceName string }

type VirtualNodeStatus struct{ CloudMapService *CloudMapServiceStatus }

type VirtualNode struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   VirtualNodeSpec
	Status VirtualNodeStatus
}

func (in *VirtualNode) DeepCopy() *VirtualNode { out := *in; return &out }

func (in *VirtualNode) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// VirtualNodeInterface is the generated typed client of that time: no
// context, no options on writes.
type VirtualNodeInterface interface {
	Get(name string, options metav1.GetOptions) (*VirtualNode, error)
	Update(*VirtualNode) (*VirtualNode, error)
	UpdateStatus(*VirtualNode) (*VirtualNode, error)
}

type AppmeshV1beta1Interface interface {
	VirtualNodes(namespace string) VirtualNodeInterface
}

type MeshClientset interface {
	AppmeshV1beta1() AppmeshV1beta1Interface
}

type CloudMapService struct{ NamespaceID, ServiceID string }

type Cloud interface {
	CloudMapCreateService(ctx context.Context, name string) (*CloudMapService, error)
}

type Controller struct {
	meshclientset MeshClientset
	cloud         Cloud
}

// handleServiceDiscoveryBuggy is handleServiceDiscovery before the fix.
func (c *Controller) handleServiceDiscoveryBuggy(ctx context.Context, vnode *VirtualNode, copyForUpdate *VirtualNode) error {
	if vnode.Status.CloudMapService != nil && vnode.Status.CloudMapService.ServiceID != nil {
		klog.V(4).Infof("CloudMap service is already created for virtual-node %s", vnode.Name)
		return nil
	}
	if vnode.Spec.CloudMapServiceName == "" {
		return fmt.Errorf("CloudMap servicediscovery is missing ServiceName value for virtual node %s", vnode.Name)
	}

	cloudmapService, err := c.cloud.CloudMapCreateService(ctx, vnode.Spec.CloudMapServiceName)
	if err != nil {
		return err
	}

	klog.Infof("Created CloudMap service %s (id:%s)", vnode.Spec.CloudMapServiceName, cloudmapService.ServiceID)
	copyForUpdate.Status.CloudMapService = &CloudMapServiceStatus{
		NamespaceID: &cloudmapService.NamespaceID,
		ServiceID:   &cloudmapService.ServiceID,
	}

	if _, err := c.meshclientset.AppmeshV1beta1().VirtualNodes(copyForUpdate.Namespace).UpdateStatus(copyForUpdate); err != nil { // realbug: unretriedupdate
		klog.Errorf("Error updating CloudMapServiceStatus on virtual node %s: %s", copyForUpdate.Name, err)
	}

	return nil
}

// handleServiceDiscoveryFixed is handleServiceDiscovery after the fix.
func (c *Controller) handleServiceDiscoveryFixed(ctx context.Context, vnode *VirtualNode, copyForUpdate *VirtualNode) error {
	if vnode.Status.CloudMapService != nil && vnode.Status.CloudMapService.ServiceID != nil {
		klog.V(4).Infof("CloudMap service is already created for virtual-node %s", vnode.Name)
		return nil
	}
	if vnode.Spec.CloudMapServiceName == "" {
		return fmt.Errorf("CloudMap servicediscovery is missing ServiceName value for virtual node %s", vnode.Name)
	}

	cloudmapService, err := c.cloud.CloudMapCreateService(ctx, vnode.Spec.CloudMapServiceName)
	if err != nil {
		return err
	}

	klog.Infof("Created CloudMap service %s (id:%s)", vnode.Spec.CloudMapServiceName, cloudmapService.ServiceID)
	statusErr := c.setVirtualNodeStatusCloudMapService(copyForUpdate, &CloudMapServiceStatus{
		NamespaceID: &cloudmapService.NamespaceID,
		ServiceID:   &cloudmapService.ServiceID,
	})
	if statusErr != nil {
		klog.Errorf("Error updating CloudMapServiceStatus on virtual node %s: %s", copyForUpdate.Name, statusErr)
	}

	return nil
}

// setVirtualNodeStatusCloudMapService is the retry the fix added: the
// first attempt uses the object in hand, later ones read it again.
func (c *Controller) setVirtualNodeStatusCloudMapService(vnode *VirtualNode, cloudmapService *CloudMapServiceStatus) error {
	firstTry := true
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		var getErr error
		if !firstTry {
			vnode, getErr = c.meshclientset.AppmeshV1beta1().VirtualNodes(vnode.Namespace).Get(vnode.GetName(), metav1.GetOptions{})
			if getErr != nil {
				return getErr
			}
		}
		vnodeCopy := vnode.DeepCopy()
		vnodeCopy.Status.CloudMapService = cloudmapService
		_, err := c.meshclientset.AppmeshV1beta1().VirtualNodes(vnode.Namespace).UpdateStatus(vnodeCopy)
		firstTry = false
		return err
	})
}
