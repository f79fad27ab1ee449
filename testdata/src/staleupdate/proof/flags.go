// Package proof holds staleupdate cases where a stale write is reported
// only on proof: flags that carry a failure's consequence, second writes
// whose own Conflict is handed on, retries that rebuild the object from a
// fresh copy, exclusive writes of per-item copies, retry loops that
// re-read on every attempt after the first (counters.go), and tests of
// the error the walk cannot decide.
package proof

import (
	"context"
	"errors"
	"fmt"
	"log"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	typedcorev1 "k8s.io/client-go/kubernetes/typed/core/v1"
)

// NodeGetters reads nodes for the agent.
type NodeGetters interface {
	GetNode(ctx context.Context, name string) (*corev1.Node, error)
}

// Agent registers its own node.
type Agent struct {
	clientset kubernetes.Interface
	getters   NodeGetters
}

// registerNode: the flag set before the write makes the loop's next turn
// re-read the node.
func (a *Agent) registerNode(ctx context.Context, name string) {
	performGet := true
	var node *corev1.Node
	for retry := 0; retry < 10; retry++ {
		performUpdate := true
		if performGet {
			var err error
			node, err = a.getters.GetNode(ctx, name)
			if err != nil {
				performUpdate = false
				node = &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: name}}
			} else {
				performGet = false
			}
		}
		node.Labels = map[string]string{"agent": "ready"}
		// a retry from here on follows a Conflict: read again first
		performGet = true
		if performUpdate {
			if _, err := a.clientset.CoreV1().Nodes().Update(ctx, node, metav1.UpdateOptions{}); err != nil { // ok: performGet is true on the next turn, which re-reads node
				if apierrors.IsConflict(err) {
					log.Printf("updating node, will retry: %v", err)
					continue
				}
				log.Fatalf("updating node: %v", err)
			} else {
				return
			}
		} else {
			if _, err := a.clientset.CoreV1().Nodes().Create(ctx, node, metav1.CreateOptions{}); err != nil {
				if apierrors.IsConflict(err) || apierrors.IsAlreadyExists(err) {
					continue
				}
				log.Fatalf("creating node: %v", err)
			} else {
				return
			}
		}
	}
	log.Fatal("could not register the node")
}

// registerNodeOnce forgets to set the flag again: after the first read the
// loop's next turn sends the node it already failed to write.
func (a *Agent) registerNodeOnce(ctx context.Context, name string) {
	performGet := true
	var node *corev1.Node
	for retry := 0; retry < 10; retry++ {
		if performGet {
			var err error
			node, err = a.getters.GetNode(ctx, name)
			if err != nil {
				log.Fatalf("reading node: %v", err)
			}
			performGet = false
		}
		node.Labels = map[string]string{"agent": "ready"}
		if _, err := a.clientset.CoreV1().Nodes().Update(ctx, node, metav1.UpdateOptions{}); err != nil { // want `Nodes\(\).Update is retried without re-reading node, so it conflicts again: re-read node before each retry`
			if apierrors.IsConflict(err) {
				continue
			}
			log.Fatalf("updating node: %v", err)
		}
		return
	}
}

// NodeHandler keeps a node's allocation in step.
type NodeHandler struct {
	nodes typedcorev1.NodeInterface
	cidr  string
	run   func(func(ctx context.Context) error)
}

// syncNode: a Conflict of the spec write sets refetchNode, which keeps the
// status write from sending the stale copy; the next run re-reads. After a
// successful typed Update the copy still has its old resourceVersion.
func (h *NodeHandler) syncNode(node *corev1.Node) {
	refetchNode := false
	h.run(func(ctx context.Context) error {
		if refetchNode {
			fresh, err := h.nodes.Get(ctx, node.Name, metav1.GetOptions{})
			if err != nil {
				return err
			}
			node = fresh
			refetchNode = false
		}
		var controllerErr error
		newNode := node.DeepCopy()
		newNode.Status.Phase = "Allocated"
		if newNode.Spec.PodCIDR != h.cidr {
			newNode.Spec.PodCIDR = h.cidr
			_, err := h.nodes.Update(ctx, newNode, metav1.UpdateOptions{})
			if err != nil {
				controllerErr = errors.Join(controllerErr, fmt.Errorf("failed to update spec: %w", err))
				if apierrors.IsConflict(err) {
					refetchNode = true
				}
			}
		}
		if newNode.Status.Phase != node.Status.Phase && !refetchNode {
			_, err := h.nodes.UpdateStatus(ctx, newNode, metav1.UpdateOptions{}) // want `newNode is written again after h\.nodes\.Update succeeded, without a re-read, so it conflicts: keep the object Update returns, or re-read newNode first$`
			if err != nil {
				controllerErr = errors.Join(controllerErr, fmt.Errorf("failed to update status: %w", err))
				if apierrors.IsConflict(err) {
					refetchNode = true
				}
			}
		}
		return controllerErr
	})
}

// syncNodeUnguarded writes the status even after the spec write failed
// with a Conflict, and only logs that second failure.
func (h *NodeHandler) syncNodeUnguarded(ctx context.Context, node *corev1.Node) {
	newNode := node.DeepCopy()
	newNode.Spec.PodCIDR = h.cidr
	_, err := h.nodes.Update(ctx, newNode, metav1.UpdateOptions{})
	if err != nil && !apierrors.IsConflict(err) {
		log.Printf("spec: %v", err)
		return
	}
	newNode.Status.Phase = "Allocated"
	if _, err := h.nodes.UpdateStatus(ctx, newNode, metav1.UpdateOptions{}); err != nil { // want `newNode is written again after h.nodes.Update, without a re-read, so it may conflict: keep the object Update returns, or re-read newNode first`
		log.Printf("status: %v", err)
	}
}

// syncNodeOtherFailure goes on to the status write only when the spec
// write failed with something other than a Conflict: the node is as fresh
// as it was.
func (h *NodeHandler) syncNodeOtherFailure(ctx context.Context, node *corev1.Node) {
	newNode := node.DeepCopy()
	newNode.Spec.PodCIDR = h.cidr
	_, err := h.nodes.Update(ctx, newNode, metav1.UpdateOptions{})
	if err == nil || apierrors.IsConflict(err) {
		return
	}
	newNode.Status.Phase = "Degraded"
	if _, err := h.nodes.UpdateStatus(ctx, newNode, metav1.UpdateOptions{}); err != nil { // ok: the spec write failed, but not with a Conflict
		log.Printf("status: %v", err)
	}
}

// syncNodeJoinedGuard: skip is not known at the spec write (it depends on
// force), but past `if skip || done { return }` it is false, so the status
// write under `if skip` is never reached.
func (h *NodeHandler) syncNodeJoinedGuard(ctx context.Context, node *corev1.Node, force, done bool) {
	skip := false
	if !force {
		skip = true
	}
	newNode := node.DeepCopy()
	newNode.Spec.PodCIDR = h.cidr
	if _, err := h.nodes.Update(ctx, newNode, metav1.UpdateOptions{}); err != nil {
		log.Printf("spec: %v", err)
	}
	if skip || done {
		return
	}
	if skip {
		newNode.Status.Phase = "Allocated"
		if _, err := h.nodes.UpdateStatus(ctx, newNode, metav1.UpdateOptions{}); err != nil { // ok: skip is false past the return above
			log.Printf("status: %v", err)
		}
	}
}
