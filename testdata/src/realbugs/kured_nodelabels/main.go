// Package kured_nodelabels reduces a bug fixed in kubereboot/kured.
//
//	repo:     https://github.com/kubereboot/kured
//	fix:      https://github.com/kubereboot/kured/commit/6191c73a3c889f93062654419f83384551b9b36d (fixes issue https://github.com/kubereboot/kured/issues/553)
//	file:     cmd/kured/main.go
//	function: updateNodeLabels, called from drain and uncordon
//
// Before draining and after uncordoning a node, the daemon set the
// configured labels on the Node it had read earlier and sent the whole
// object, marshalled to JSON, as a strategic merge patch; the body carries
// the resourceVersion read before the drain, so the patch fails with a
// Conflict whenever the node changed meanwhile (the cordon itself changes
// it), and the function has no error result: the Conflict was only logged
// with logrus and the labels were never set (issue 553 shows the log
// line). The fix patches only the labels, a body without a
// resourceVersion, which cannot conflict.
package kured_nodelabels

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	log "github.com/sirupsen/logrus"
	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
)

var (
	preRebootNodeLabels  []string
	postRebootNodeLabels []string
)

func cordonOrUncordon(client *kubernetes.Clientset, node *v1.Node, desired bool) error {
	return nil
}

func runNodeDrain(client *kubernetes.Clientset, nodename string) error { return nil }

// drainBuggy is drain before the fix.
func drainBuggy(client *kubernetes.Clientset, node *v1.Node) error {
	nodename := node.GetName()

	if preRebootNodeLabels != nil {
		updateNodeLabelsBuggy(client, node, preRebootNodeLabels)
	}

	log.Infof("Draining node %s", nodename)
	if err := cordonOrUncordon(client, node, true); err != nil {
		log.Errorf("Error cordonning %s: %v", nodename, err)
		return err
	}
	if err := runNodeDrain(client, nodename); err != nil {
		log.Errorf("Error draining %s: %v", nodename, err)
		return err
	}
	return nil
}

// uncordonBuggy is uncordon before the fix.
func uncordonBuggy(client *kubernetes.Clientset, node *v1.Node) error {
	nodename := node.GetName()
	log.Infof("Uncordoning node %s", nodename)
	if err := cordonOrUncordon(client, node, false); err != nil {
		log.Fatalf("Error uncordonning %s: %v", nodename, err)
		return err
	} else if postRebootNodeLabels != nil {
		updateNodeLabelsBuggy(client, node, postRebootNodeLabels)
	}
	return nil
}

// updateNodeLabelsBuggy is updateNodeLabels before the fix.
func updateNodeLabelsBuggy(client *kubernetes.Clientset, node *v1.Node, labels []string) {
	for _, label := range labels {
		k := strings.Split(label, "=")[0]
		v := strings.Split(label, "=")[1]
		node.Labels[k] = v
		log.Infof("Updating node %s label: %s=%s", node.GetName(), k, v)
	}

	bytes, err := json.Marshal(node)
	if err != nil {
		log.Fatalf("Error marshalling node object into JSON: %v", err)
	}

	_, err = client.CoreV1().Nodes().Patch(context.TODO(), node.GetName(), types.StrategicMergePatchType, bytes, metav1.PatchOptions{}) // realbug: unretriedupdate
	if err != nil {
		var labelsErr string
		for _, label := range labels {
			k := strings.Split(label, "=")[0]
			v := strings.Split(label, "=")[1]
			labelsErr += fmt.Sprintf("%s=%s ", k, v)
		}
		log.Errorf("Error updating node labels %s via k8s API: %v", labelsErr, err)
	}
}

// drainFixed is drain after the fix (unchanged but for the helper).
func drainFixed(client *kubernetes.Clientset, node *v1.Node) error {
	nodename := node.GetName()

	if preRebootNodeLabels != nil {
		updateNodeLabelsFixed(client, node, preRebootNodeLabels)
	}

	log.Infof("Draining node %s", nodename)
	if err := cordonOrUncordon(client, node, true); err != nil {
		log.Errorf("Error cordonning %s: %v", nodename, err)
		return err
	}
	if err := runNodeDrain(client, nodename); err != nil {
		log.Errorf("Error draining %s: %v", nodename, err)
		return err
	}
	return nil
}

// updateNodeLabelsFixed is updateNodeLabels after the fix: the patch
// body holds only the labels.
func updateNodeLabelsFixed(client *kubernetes.Clientset, node *v1.Node, labels []string) {
	labelsMap := make(map[string]string)
	for _, label := range labels {
		k := strings.Split(label, "=")[0]
		v := strings.Split(label, "=")[1]
		labelsMap[k] = v
		log.Infof("Updating node %s label: %s=%s", node.GetName(), k, v)
	}

	bytes, err := json.Marshal(map[string]interface{}{
		"metadata": map[string]interface{}{
			"labels": labelsMap,
		},
	})
	if err != nil {
		log.Fatalf("Error marshalling node object into JSON: %v", err)
	}

	_, err = client.CoreV1().Nodes().Patch(context.TODO(), node.GetName(), types.StrategicMergePatchType, bytes, metav1.PatchOptions{})
	if err != nil {
		var labelsErr string
		for _, label := range labels {
			k := strings.Split(label, "=")[0]
			v := strings.Split(label, "=")[1]
			labelsErr += fmt.Sprintf("%s=%s ", k, v)
		}
		log.Errorf("Error updating node labels %s via k8s API: %v", labelsErr, err)
	}
}
