// Package karmada_deinitnodelabels reduces a bug fixed in
// karmada-io/karmada.
//
//	repo:     https://github.com/karmada-io/karmada
//	fix:      https://github.com/karmada-io/karmada/pull/7172 (commit b0f9e1af3c31632ddcbb1c72e1a30ff2f2facbf3, "reduce update conflict error")
//	file:     pkg/karmadactl/deinit/deinit.go
//	function: (*CommandDeInitOption).removeNodeLabels, called from Run, the RunE of `karmadactl deinit`
//
// The one-shot command listed the labelled Nodes, deleted the label on
// each listed copy and updated it with the listed resourceVersion; the
// kubelet writes its Node all the time, so a Conflict was likely, and it
// went back through RunE to cobra, which printed it and made karmadactl
// exit non-zero halfway through the teardown. The fix sends a merge patch
// of the labels instead, which carries no resourceVersion.
//
// The client-go stub has no Node client, so the core/v1 Node type and its
// typed client are declared here with the generated shapes (as
// pvmigrate_mutatepv does); the Secrets of the teardown go through
// client-go's clientset as in the original.
package karmada_deinitnodelabels

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
)

const (
	karmadaNodeLabel             = "karmada.io/etcd"
	karmadaBootstrappingLabelKey = "karmada.io/bootstrapping"
)

type Node struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Node) DeepCopy() *Node {
	out := *in
	out.Labels = map[string]string{}
	for k, v := range in.Labels {
		out.Labels[k] = v
	}
	return &out
}

func (in *Node) DeepCopyObject() runtime.Object { return in.DeepCopy() }

type NodeList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Node
}

// NodeInterface has the generated typed client's shapes.
type NodeInterface interface {
	List(ctx context.Context, opts metav1.ListOptions) (*NodeList, error)
	Update(ctx context.Context, node *Node, opts metav1.UpdateOptions) (*Node, error)
	Patch(ctx context.Context, name string, pt types.PatchType, data []byte, opts metav1.PatchOptions, subresources ...string) (*Node, error)
}

type CoreV1Interface interface {
	Nodes() NodeInterface
}

type NodeClientSet interface {
	CoreV1() CoreV1Interface
}

// genMergePatch stands for karmada's helper.GenMergePatch: the JSON merge
// patch from original to modified, empty when they are equal.
func genMergePatch(original, modified *Node) ([]byte, error) { return nil, nil }

type CommandDeInitOption struct {
	Namespace     string
	DryRun        bool
	KubeClientSet kubernetes.Interface
	NodeClientSet NodeClientSet
}

// NewCmdDeInit builds the command; the error of Run goes back to cobra
// (the fix leaves it as it is).
func NewCmdDeInit() *cobra.Command {
	opts := CommandDeInitOption{}
	return &cobra.Command{
		Use:          "deinit",
		Short:        "Remove the Karmada control plane from the Kubernetes cluster.",
		SilenceUsage: true,
		RunE: func(_ *cobra.Command, _ []string) error {
			if err := opts.RunBuggy(); err != nil { // realbug: unretriedupdate alt "RunE returns the Conflict to cobra, which prints it and exits"
				return err
			}
			return nil
		},
	}
}

// delete removes the bootstrapping Secrets (the workloads and Services of
// the original are left out).
func (o *CommandDeInitOption) delete() error {
	secretClient := o.KubeClientSet.CoreV1().Secrets(o.Namespace)
	secrets, err := secretClient.List(context.TODO(), metav1.ListOptions{LabelSelector: karmadaBootstrappingLabelKey})
	if err != nil {
		return err
	}
	for _, secret := range secrets.Items {
		fmt.Printf("delete Secrets %q\n", secret.Name)
		if o.DryRun {
			continue
		}
		if err := secretClient.Delete(context.TODO(), secret.Name, metav1.DeleteOptions{}); err != nil {
			return err
		}
	}
	return nil
}

func removeLabels(node *Node, removesLabel string) {
	for label := range node.Labels {
		if strings.Contains(label, removesLabel) {
			delete(node.Labels, label)
		}
	}
}

// RunBuggy is Run before the fix.
func (o *CommandDeInitOption) RunBuggy() error {
	if err := o.delete(); err != nil {
		return err
	}
	if err := o.removeNodeLabelsBuggy(); err != nil { // realbug: unretriedupdate alt "the Conflict goes on to RunE and cobra from here"
		return err
	}
	fmt.Println("remove Karmada from Kubernetes successfully.")
	return nil
}

// removeNodeLabelsBuggy is removeNodeLabels before the fix.
func (o *CommandDeInitOption) removeNodeLabelsBuggy() error {
	nodeClient := o.NodeClientSet.CoreV1().Nodes()
	nodes, err := nodeClient.List(context.TODO(), metav1.ListOptions{LabelSelector: karmadaNodeLabel})
	if err != nil {
		return err
	}
	if len(nodes.Items) == 0 {
		fmt.Printf("node not found by label %q\n", karmadaNodeLabel)
		return nil
	}

	for v := range nodes.Items {
		removeLabels(&nodes.Items[v], karmadaNodeLabel)
		fmt.Printf("remove node %q labels %q\n", nodes.Items[v].Name, karmadaNodeLabel)
		if o.DryRun {
			continue
		}
		if _, err := nodeClient.Update(context.TODO(), &nodes.Items[v], metav1.UpdateOptions{}); err != nil { // realbug: unretriedupdate
			return err
		}
	}
	return nil
}

// removeNodeLabelsFixed is removeNodeLabels after the fix: a merge patch
// of the labels, without a resourceVersion.
func (o *CommandDeInitOption) removeNodeLabelsFixed() error {
	nodeClient := o.NodeClientSet.CoreV1().Nodes()
	nodes, err := nodeClient.List(context.TODO(), metav1.ListOptions{LabelSelector: karmadaNodeLabel})
	if err != nil {
		return err
	}
	if len(nodes.Items) == 0 {
		fmt.Printf("node not found by label %q\n", karmadaNodeLabel)
		return nil
	}

	for _, node := range nodes.Items {
		nodeCopy := node.DeepCopy()
		removeLabels(nodeCopy, karmadaNodeLabel)
		fmt.Printf("remove node %q labels %q\n", node.Name, karmadaNodeLabel)
		if o.DryRun {
			continue
		}
		patchBytes, err := genMergePatch(&node, nodeCopy)
		if err != nil {
			return err
		}
		if len(patchBytes) == 0 {
			continue
		}
		if _, err = nodeClient.Patch(context.TODO(), node.Name, types.MergePatchType, patchBytes, metav1.PatchOptions{}); err != nil {
			return err
		}
	}
	return nil
}
