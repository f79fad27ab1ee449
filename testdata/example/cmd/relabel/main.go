// Command relabel moves widget Deployments from the legacy opt-in label
// (widget.example.com/enabled) to the current one
// (widgets.example.com/enabled). It is run once per cluster when upgrading
// from a release before 0.3.
package main

import (
	"context"
	"flag"
	"os"
	"os/signal"
	"path/filepath"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/client-go/util/homedir"
	"k8s.io/klog/v2"

	"example.com/widget-operator/internal/labels"
)

func main() {
	klog.InitFlags(nil)
	kubeconfig := flag.String("kubeconfig", filepath.Join(homedir.HomeDir(), ".kube", "config"), "path to the kubeconfig file")
	namespace := flag.String("namespace", metav1.NamespaceAll, "namespace to relabel (default: all)")
	dryRun := flag.Bool("dry-run", false, "only print what would change")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	config, err := clientcmd.BuildConfigFromFlags("", *kubeconfig)
	if err != nil {
		klog.Fatalf("loading kubeconfig: %v", err)
	}
	clientset := kubernetes.NewForConfigOrDie(config)

	deployments, err := clientset.AppsV1().Deployments(*namespace).List(ctx, metav1.ListOptions{LabelSelector: labels.LegacyEnabled})
	if err != nil {
		klog.Fatalf("listing deployments: %v", err)
	}
	for i := range deployments.Items {
		d := &deployments.Items[i]
		d.Labels[labels.Enabled] = d.Labels[labels.LegacyEnabled]
		delete(d.Labels, labels.LegacyEnabled)
		if *dryRun {
			klog.InfoS("Would relabel", "deployment", klog.KObj(d))
			continue
		}
		if _, err := clientset.AppsV1().Deployments(d.Namespace).Update(ctx, d, metav1.UpdateOptions{}); err != nil {
			klog.Fatalf("relabeling deployment %s/%s: %v", d.Namespace, d.Name, err)
		}
		klog.InfoS("Relabeled", "deployment", klog.KObj(d))
	}
}
