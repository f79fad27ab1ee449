// Command resume ends a maintenance window: it unpauses every widget
// Deployment that the operator paused and removes the maintenance
// annotation.
package main

import (
	"context"
	"flag"
	"log"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"example.com/widget-operator/internal/labels"
)

func main() {
	namespace := flag.String("namespace", "", "namespace to resume (default: all)")
	flag.Parse()

	ctx := ctrl.SetupSignalHandler()
	c, err := client.New(ctrl.GetConfigOrDie(), client.Options{})
	if err != nil {
		log.Fatalf("creating client: %v", err)
	}
	if err := resume(ctx, c, *namespace); err != nil {
		log.Fatal(err)
	}
	recordResume(ctx, c, *namespace, time.Now().UTC().Format(time.RFC3339))
}

// resume unpauses the Deployments in maintenance, one at a time.
func resume(ctx context.Context, c client.Client, namespace string) error {
	var list appsv1.DeploymentList
	if err := c.List(ctx, &list, client.InNamespace(namespace), client.HasLabels{labels.Enabled}); err != nil {
		return err
	}
	for i := range list.Items {
		d := &list.Items[i]
		if _, ok := d.Annotations[labels.Maintenance]; !ok {
			continue
		}
		delete(d.Annotations, labels.Maintenance)
		d.Spec.Paused = false
		if err := c.Update(ctx, d); err != nil {
			log.Fatalf("resuming %s/%s: %v", d.Namespace, d.Name, err)
		}
		log.Printf("resumed %s/%s", d.Namespace, d.Name)
	}
	return nil
}

// recordResume notes on the namespace's maintenance record when the widgets
// were resumed. The record is informational, so a failure is only logged.
func recordResume(ctx context.Context, c client.Client, namespace, stamp string) {
	var record corev1.ConfigMap
	key := client.ObjectKey{Namespace: namespace, Name: "widget-maintenance"}
	if err := c.Get(ctx, key, &record); err != nil {
		log.Printf("no maintenance record to update: %v", err)
		return
	}
	metav1.SetMetaDataAnnotation(&record.ObjectMeta, labels.ResumedAt, stamp)
	if err := c.Update(ctx, &record); err != nil {
		log.Printf("recording the resume: %v", err)
	}
}
