// Package paramfix checks the retry wrap for objects the caller hands in:
// the first attempt sends what the code sent, and only a Conflict re-reads.
package paramfix

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Reconciler struct {
	client.Client
	kube kubernetes.Interface
}

// The function's own change moves into the closure and is made again on
// the stored object after a Conflict.
func (r *Reconciler) markReady(ctx context.Context, pod *corev1.Pod) {
	pod.Status.Phase = corev1.PodRunning
	if err := r.Status().Update(ctx, pod); err != nil { // want `conflict from Status\(\).Update cannot be returned by markReady: re-read pod after a conflict in retry.RetryOnConflict`
		log.Printf("marking %s ready: %v", pod.Name, err)
	}
}

// A statement that reads only a name stays before the retry.
func (r *Reconciler) addFinalizer(ctx context.Context, cm *corev1.ConfigMap) {
	log.Printf("adding the finalizer to %s", cm.Name)
	controllerutil.AddFinalizer(cm, "example.com/cleanup")
	_ = r.Update(ctx, cm) // want `conflict from r.Update cannot be returned by addFinalizer: re-read cm after a conflict in retry.RetryOnConflict`
}

// A typed client: the Get of the same resource interface replaces the
// parameter's value for the next attempt.
func (r *Reconciler) label(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Labels["owner"] = "me"
	if _, err := r.kube.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\(cm.Namespace\).Update cannot be returned by label: re-read cm after a conflict in retry.RetryOnConflict`
		log.Printf("labelling: %v", err)
	}
}

// No change of its own: the function writes what the caller made, which
// a re-read would drop, so a retry would report success for nothing.
func (r *Reconciler) save(ctx context.Context, cm *corev1.ConfigMap) {
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update cannot be returned by save: requeue the object, or re-read cm inside retry.RetryOnConflict; no fix: cm comes from the caller, and a re-read after a Conflict is offered only when the function's changes to it are all plain ones made right before the write; lost for good`
		log.Printf("saving: %v", err)
	}
}

// A change the fix cannot make again (a call) comes before the plain one.
func (r *Reconciler) computed(ctx context.Context, cm *corev1.ConfigMap) {
	cm.Data = render(cm.Name)
	cm.Labels["rendered"] = "true"
	_ = r.Update(ctx, cm) // want `conflict from r.Update cannot be returned by computed: requeue the object, or re-read cm inside retry.RetryOnConflict; no fix: cm comes from the caller, and a re-read after a Conflict is offered only when the function's changes to it are all plain ones made right before the write; lost for good`
}

// An earlier change of the function's own, apart from the write, would be
// dropped by the re-read.
func (r *Reconciler) changedEarlier(ctx context.Context, cm *corev1.ConfigMap, ok bool) {
	if ok {
		cm.Annotations = map[string]string{"checked": "yes"}
	}
	log.Print("writing")
	cm.Labels["owner"] = "me"
	_ = r.Update(ctx, cm) // want `conflict from r.Update cannot be returned by changedEarlier: requeue the object, or re-read cm inside retry.RetryOnConflict; no fix: cm comes from the caller, and a re-read after a Conflict is offered only when the function's changes to it are all plain ones made right before the write; lost for good`
}

func render(name string) map[string]string { return map[string]string{"name": name} }
