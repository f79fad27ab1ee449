// Package nodes implements the generic controller's handlers: Handle is
// given the informer's own object, Refresh one read from the API server.
package nodes

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"

	controller "facts/listermutation/handed"
)

// Start runs the labeler on the nodes of informer.
func Start(informer cache.SharedIndexInformer, kube kubernetes.Interface) *controller.Controller {
	return controller.New(informer, &labeler{kube: kube})
}

// labeler, copier and refresher reach the controller as its handler
// interface only: no importer can call their methods, which get no facts.
type labeler struct{ kube kubernetes.Interface }

// Handle labels the cache's node in place.
func (l *labeler) Handle(ctx context.Context, event controller.EventType, object runtime.Object) error {
	node := object.(*corev1.Node)
	if event == "Delete" {
		return nil
	}
	return l.label(ctx, node) // want `l.label changes node in the informer cache: every reader sees a change the server never got; DeepCopy node after the read`
}

func (l *labeler) label(ctx context.Context, node *corev1.Node) error {
	node.Labels["seen"] = "true"
	_, err := l.kube.CoreV1().Nodes().Update(ctx, node, metav1.UpdateOptions{})
	return err
}

type copier struct{ kube kubernetes.Interface }

// Handle copies the cache's node before it changes it.
func (c *copier) Handle(ctx context.Context, event controller.EventType, object runtime.Object) error {
	node := object.(*corev1.Node).DeepCopy()
	node.Labels["seen"] = "true"
	_, err := c.kube.CoreV1().Nodes().Update(ctx, node, metav1.UpdateOptions{})
	return err
}

type refresher struct{ kube kubernetes.Interface }

// Refresh is given a node of its own.
func (r *refresher) Refresh(ctx context.Context, node *corev1.Node) error {
	node.Labels["refreshed"] = "true"
	_, err := r.kube.CoreV1().Nodes().Update(ctx, node, metav1.UpdateOptions{})
	return err
}

// Handle of a type that implements no interface of the controller takes
// nothing from it. Unrelated is exported, so its method's fact is too.
type Unrelated struct{}

func (Unrelated) Handle(ctx context.Context, node *corev1.Node) { // want Handle:`^mutates\[2\]$`
	node.Labels["other"] = "true"
}

// ready reads the cache itself, so the package both imports the handler
// interface's fact and looks for interfaces of its own that it feeds
// from the cache (it has none): only facts of its own may be exported.
func ready(nodes corelisters.NodeLister, name string) bool {
	node, err := nodes.Get(name)
	return err == nil && node.Spec.Unschedulable
}
