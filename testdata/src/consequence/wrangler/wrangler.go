// Package wrangler grades lost Conflicts of wrangler controllers: a
// handler registered with OnChange runs on every change of an object of
// the controller's kind, so a lost write of that kind in a method of the
// handler's owner is redone by the next change; a write of another kind,
// and a handler registered with OnRemove, which runs only on deletions,
// get no such heal.
package wrangler

import (
	"context"
	"log"

	"github.com/rancher/wrangler/v3/pkg/generic"
	corev1 "k8s.io/api/core/v1"
)

// NodeController is what wrangler generates for nodes.
type NodeController interface {
	generic.ControllerInterface[*corev1.Node, *corev1.NodeList]
}

// ConfigMapController is what wrangler generates for config maps.
type ConfigMapController interface {
	generic.ControllerInterface[*corev1.ConfigMap, *corev1.ConfigMapList]
}

type handler struct {
	nodes      NodeController
	configMaps ConfigMapController
}

// Register runs h.label on every change of a node.
func Register(ctx context.Context, nodes NodeController, configMaps ConfigMapController) {
	h := &handler{nodes: nodes, configMaps: configMaps}
	nodes.OnChange(ctx, "node-label", h.label)
}

// label writes the kind its handler watches and only logs the failure.
func (h *handler) label(_ string, node *corev1.Node) (*corev1.Node, error) {
	if node == nil {
		return nil, nil
	}
	node = node.DeepCopy()
	node.Labels = map[string]string{"example.com/seen": "true"}
	if _, err := h.nodes.Update(node); err != nil { // want `conflict from h.nodes.Update is only logged: return it, or re-read node inside retry.RetryOnConflict; .*; lost until the next event`
		log.Printf("label %s: %v", node.Name, err)
	}
	return node, nil
}

// record writes a kind no handler of h is registered for.
func (h *handler) record(cm *corev1.ConfigMap) {
	cm = cm.DeepCopy()
	cm.Data = map[string]string{"seen": "true"}
	if _, err := h.configMaps.Update(cm); err != nil { // want `conflict from h.configMaps.Update cannot be returned by record: requeue the object, or re-read cm inside retry.RetryOnConflict; .*; lost for good`
		log.Printf("record %s: %v", cm.Name, err)
	}
}

type remover struct{ nodes NodeController }

// RegisterRemover runs r.release when a node is deleted, not when it
// changes.
func RegisterRemover(ctx context.Context, nodes NodeController) {
	r := &remover{nodes: nodes}
	nodes.OnRemove(ctx, "node-release", r.release)
}

// release writes the node on its deletion and only logs the failure.
func (r *remover) release(_ string, node *corev1.Node) (*corev1.Node, error) {
	node = node.DeepCopy()
	node.Finalizers = nil
	if _, err := r.nodes.Update(node); err != nil { // want `conflict from r.nodes.Update is only logged: return it, or re-read node inside retry.RetryOnConflict; .*; lost for good`
		log.Printf("release %s: %v", node.Name, err)
	}
	return node, nil
}
