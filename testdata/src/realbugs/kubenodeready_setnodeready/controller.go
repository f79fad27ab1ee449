// Package kubenodeready_setnodeready reduces a bug fixed in
// mikkeloscar/kube-node-ready-controller.
//
//	repo:     https://github.com/mikkeloscar/kube-node-ready-controller
//	fix:      https://github.com/mikkeloscar/kube-node-ready-controller/pull/6 (commits c83fdf64551df029720a3294278896bcea031ba8 and 26917fff8f81eaf21e6fd09148dbdccbb0975509; issue 3)
//	file:     controller.go
//	function: (*NodeController).setNodeReady, from handleNode in the periodic loop runOnce
//
// Every interval the controller listed the nodes, checked the pods it
// expects on each and removed (or added) its not-ready taint with a
// whole-node Update (client-go before v0.18). A Conflict (the kubelet
// writes the node constantly) went back to runOnce, which only logged it
// and moved on to the next node: the node stayed tainted and unschedulable
// for another interval, and the ASG lifecycle hook that should fire when
// the node becomes ready was not triggered. The fix re-reads the node and
// retries on Conflict with cenkalti/backoff (apierrors.IsConflict; other
// errors are made permanent).
package kubenodeready_setnodeready

import (
	"time"

	kubernetes "example.com/legacy/client-go/kubernetes"
	"github.com/cenkalti/backoff"
	log "github.com/sirupsen/logrus"
	v1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

const maxConflictRetries = 50

type Hook interface {
	Name() string
	Trigger(providerID string) error
}

type NodeController struct {
	kubernetes.Interface
	interval              time.Duration
	nodeReadyHooks        []Hook
	taintNodeNotReadyName string
}

func hasTaint(node *v1.Node, name string) bool {
	for _, taint := range node.Spec.Taints {
		if taint.Key == name {
			return true
		}
	}
	return false
}

func (n *NodeController) nodeReady(node *v1.Node) (bool, error) { return true, nil }

// runOnceBuggy is runOnce before the fix: one pass of the loop that Run
// starts every interval.
func (n *NodeController) runOnceBuggy() error {
	nodes, err := n.CoreV1().Nodes().List(metav1.ListOptions{})
	if err != nil {
		return err
	}
	for _, node := range nodes.Items {
		err = n.handleNodeBuggy(&node) // realbug: unretriedupdate
		if err != nil {
			log.Error(err)
			continue
		}
	}
	return nil
}

func (n *NodeController) handleNodeBuggy(node *v1.Node) error {
	ready, err := n.nodeReady(node)
	if err != nil {
		return err
	}
	err = n.setNodeReadyBuggy(node, ready)
	if err != nil {
		return err
	}
	return nil
}

// setNodeReadyBuggy is setNodeReady before the fix.
func (n *NodeController) setNodeReadyBuggy(node *v1.Node, ready bool) error {
	if ready {
		var newTaints []v1.Taint
		for _, taint := range node.Spec.Taints {
			if taint.Key != n.taintNodeNotReadyName {
				newTaints = append(newTaints, taint)
			}
		}
		if len(newTaints) != len(node.Spec.Taints) {
			node.Spec.Taints = newTaints
			_, err := n.CoreV1().Nodes().Update(node) // realbug: unretriedupdate alt "strict mode reports the helper's own write"
			if err != nil {
				return err
			}
			log.WithFields(log.Fields{"action": "removed", "taint": n.taintNodeNotReadyName, "node": node.ObjectMeta.Name}).Info("")
			for _, hook := range n.nodeReadyHooks {
				if err := hook.Trigger(node.Spec.ProviderID); err != nil {
					log.Errorf("Failed to trigger hook '%s': %v", hook.Name(), err)
				}
			}
		}
	} else {
		if !hasTaint(node, n.taintNodeNotReadyName) {
			taint := v1.Taint{Key: n.taintNodeNotReadyName, Effect: v1.TaintEffectNoSchedule}
			node.Spec.Taints = append(node.Spec.Taints, taint)
			_, err := n.CoreV1().Nodes().Update(node) // realbug: unretriedupdate alt "strict mode reports the helper's own write (the taint-adding branch)"
			if err != nil {
				return err
			}
			log.WithFields(log.Fields{"action": "added", "taint": n.taintNodeNotReadyName, "node": node.ObjectMeta.Name}).Info("")
		}
	}
	return nil
}

// runOnceFixed is runOnce after the fix: unchanged but for the helper.
func (n *NodeController) runOnceFixed() error {
	nodes, err := n.CoreV1().Nodes().List(metav1.ListOptions{})
	if err != nil {
		return err
	}
	for _, node := range nodes.Items {
		err = n.handleNodeFixed(&node)
		if err != nil {
			log.Error(err)
			continue
		}
	}
	return nil
}

func (n *NodeController) handleNodeFixed(node *v1.Node) error {
	ready, err := n.nodeReady(node)
	if err != nil {
		return err
	}
	err = n.setNodeReadyFixed(node, ready)
	if err != nil {
		return err
	}
	return nil
}

// setNodeReadyFixed is setNodeReady after the fix.
func (n *NodeController) setNodeReadyFixed(node *v1.Node, ready bool) error {
	setNodeReadiness := func() error {
		updatedNode, err := n.CoreV1().Nodes().Get(node.Name, metav1.GetOptions{})
		if err != nil {
			return backoff.Permanent(err)
		}
		if ready {
			var newTaints []v1.Taint
			for _, taint := range updatedNode.Spec.Taints {
				if taint.Key != n.taintNodeNotReadyName {
					newTaints = append(newTaints, taint)
				}
			}
			if len(newTaints) != len(updatedNode.Spec.Taints) {
				updatedNode.Spec.Taints = newTaints
				_, err := n.CoreV1().Nodes().Update(updatedNode) // realbug: unretriedupdate fp=strict "cenkalti/backoff.Retry over a closure that re-reads the node and returns the Conflict is a retry, but it is not a known retry scope"
				if err != nil {
					// automatically retry if there was a conflicting update.
					if apierrors.IsConflict(err) {
						return err
					}
					return backoff.Permanent(err)
				}
				log.WithFields(log.Fields{"action": "removed", "taint": n.taintNodeNotReadyName, "node": updatedNode.ObjectMeta.Name}).Info("")
				for _, hook := range n.nodeReadyHooks {
					if err := hook.Trigger(updatedNode.Spec.ProviderID); err != nil {
						log.Errorf("Failed to trigger hook '%s': %v", hook.Name(), err)
					}
				}
			}
		} else {
			if !hasTaint(updatedNode, n.taintNodeNotReadyName) {
				taint := v1.Taint{Key: n.taintNodeNotReadyName, Effect: v1.TaintEffectNoSchedule}
				updatedNode.Spec.Taints = append(updatedNode.Spec.Taints, taint)
				_, err := n.CoreV1().Nodes().Update(updatedNode) // realbug: unretriedupdate fp=strict "cenkalti/backoff.Retry over a closure that re-reads the node and returns the Conflict is a retry, but it is not a known retry scope"
				if err != nil {
					if apierrors.IsConflict(err) {
						return err
					}
					return backoff.Permanent(err)
				}
				log.WithFields(log.Fields{"action": "added", "taint": n.taintNodeNotReadyName, "node": updatedNode.ObjectMeta.Name}).Info("")
			}
		}
		return nil
	}
	backoffCfg := backoff.WithMaxRetries(backoff.NewConstantBackOff(1*time.Second), maxConflictRetries)
	return backoff.Retry(setNodeReadiness, backoffCfg)
}
