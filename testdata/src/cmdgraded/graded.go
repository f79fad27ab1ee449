// Package cmdgraded gives the output formats of cmd/conflictlint one
// finding of each consequence grade a default run gives (see
// cmd/conflictlint/format_test.go): lost, until-event, until-resync and
// reported.
package cmdgraded

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// lost: nothing watches the ConfigMap, nothing runs this again.
func dropped(ctx context.Context, c client.Client, cm corev1.ConfigMap) {
	_ = c.Update(ctx, &cm)
}

// reported: the program ends with a non-zero status.
func fatal(ctx context.Context, c client.Client, cm corev1.ConfigMap) {
	if err := c.Update(ctx, &cm); err != nil {
		log.Fatal(err)
	}
}

// WatchingReconciler reconciles the ConfigMaps it watches: the change that
// caused a Conflict runs it again (until-event).
type WatchingReconciler struct {
	client.Client
}

func (r *WatchingReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

func (r *WatchingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err
	}
	_ = r.Update(ctx, &cm)
	return ctrl.Result{}, nil
}

// Controller watches ConfigMaps through an informer factory that resyncs
// every ten minutes; the resync runs it again (until-resync).
type Controller struct {
	c client.Client
}

func NewController(cs kubernetes.Interface, c client.Client) *Controller {
	ctl := &Controller{c: c}
	factory := informers.NewSharedInformerFactory(cs, 10*time.Minute)
	factory.Core().V1().ConfigMaps().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(_, obj interface{}) { ctl.sync(obj.(*corev1.ConfigMap)) },
	})
	return ctl
}

func (ctl *Controller) sync(cm *corev1.ConfigMap) {
	ctx := context.Background()
	var s corev1.Secret
	if err := ctl.c.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Name}, &s); err != nil {
		return
	}
	_ = ctl.c.Update(ctx, &s)
}
