// Package nodeprobe keeps a node condition that says whether the node's
// local disk passed a probe, with wrangler's generated controllers: a
// handler registered with OnChange receives the key and the cached object
// and returns the object as it left it, and the controller's Update and
// UpdateStatus take and return the object itself.
package nodeprobe

import (
	"context"
	"fmt"

	corev1ctl "github.com/rancher/wrangler/v3/pkg/generated/controllers/core/v1"
	"github.com/sirupsen/logrus"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
)

// ConditionType is the node condition the probe owns.
const ConditionType corev1.NodeConditionType = "example.com/DiskProbeOK"

// DrainLabel asks the probe to stop scheduling probes on the node.
const DrainLabel = "example.com/disk-probe-drain"

type handler struct {
	nodes corev1ctl.NodeController
	probe func(node string) bool
}

// Register starts the probe's handlers on the node controller.
func Register(ctx context.Context, nodes corev1ctl.NodeController, probe func(node string) bool) {
	h := &handler{nodes: nodes, probe: probe}
	nodes.OnChange(ctx, "disk-probe-condition", h.recordProbe)
	nodes.OnChange(ctx, "disk-probe-drain", h.markDrained)
}

// setCondition sets the probe's condition on node in memory and reports
// whether it changed.
func setCondition(node *corev1.Node, status corev1.ConditionStatus) bool {
	for i := range node.Status.Conditions {
		c := &node.Status.Conditions[i]
		if c.Type == ConditionType {
			if c.Status == status {
				return false
			}
			c.Status, c.LastTransitionTime = status, metav1.Now()
			return true
		}
	}
	node.Status.Conditions = append(node.Status.Conditions, corev1.NodeCondition{Type: ConditionType, Status: status, LastTransitionTime: metav1.Now()})
	return true
}

// recordProbe writes the probe's verdict. It logs a failed write and
// returns no error, so wrangler does not requeue the key: after a Conflict
// the condition stays wrong until the node changes again.
func (h *handler) recordProbe(_ string, node *corev1.Node) (*corev1.Node, error) {
	if node == nil {
		return nil, nil
	}
	status := corev1.ConditionFalse
	if h.probe(node.Name) {
		status = corev1.ConditionTrue
	}
	node = node.DeepCopy()
	if !setCondition(node, status) {
		return node, nil
	}
	updated, err := h.nodes.UpdateStatus(node)
	if err != nil {
		logrus.WithField("node", node.Name).Errorf("recording disk probe: %v", err)
		return node, nil
	}
	return updated, nil
}

// markDrained sets the condition to Unknown on nodes labelled for drain.
// It returns the write's error, so wrangler requeues the key with backoff.
func (h *handler) markDrained(_ string, node *corev1.Node) (*corev1.Node, error) {
	if node == nil || node.Labels[DrainLabel] != "true" {
		return node, nil
	}
	node = node.DeepCopy()
	if !setCondition(node, corev1.ConditionUnknown) {
		return node, nil
	}
	updated, err := h.nodes.UpdateStatus(node)
	if err != nil {
		return node, fmt.Errorf("marking node %s drained: %w", node.Name, err)
	}
	return updated, nil
}

// Drain labels a node for drain from the probe's command line. The write
// is retried on Conflict, each attempt on a node read afresh through the
// controller's client.
func Drain(nodes corev1ctl.NodeClient, name string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		node, err := nodes.Get(name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		if node.Labels == nil {
			node.Labels = map[string]string{}
		}
		node.Labels[DrainLabel] = "true"
		_, err = nodes.Update(node)
		return err
	})
}

// Undrain removes the drain label from a node the caller read once: every
// attempt of the retry sends the same resourceVersion again.
func Undrain(nodes corev1ctl.NodeClient, node *corev1.Node) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		delete(node.Labels, DrainLabel)
		_, err := nodes.Update(node)
		return err
	})
}

// Cordon marks a node unschedulable on the object the controller's cache
// hands out, which every reader of the cache shares: the cache shows the
// change before the server has it, and keeps it if the write fails
// (system-upgrade-controller's shape).
func Cordon(nodes corev1ctl.NodeController, name string) error {
	node, err := nodes.Cache().Get(name)
	if err != nil {
		return err
	}
	node.Spec.Unschedulable = true
	_, err = nodes.Update(node)
	return err
}

// CordonCopy changes a copy of the cached node.
func CordonCopy(nodes corev1ctl.NodeController, name string) error {
	cached, err := nodes.Cache().Get(name)
	if err != nil {
		return err
	}
	node := cached.DeepCopy()
	node.Spec.Unschedulable = true
	_, err = nodes.Update(node)
	return err
}
