// Package replacedeach reduces KubeArmor's operator (UpdateKubeArmorImages):
// one helper updates several objects, each in its own case of a switch in
// a loop, and keeps each failure in one variable that the next failure
// overwrites (`res = err`), which it returns at the end. An informer
// handler drops that result. Each write's Conflict is lost at its own
// drop, so each write is a finding, not only the last one of the helper.
// Through a helper that hands the result on as it is, the same (one
// finding a write: the worst of the callers, the first on a tie). The twin
// whose result a caller returns to its own caller, which returns it from
// Reconcile, is requeued: no finding.
package replacedeach

import (
	"context"
	"log"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	ctrl "sigs.k8s.io/controller-runtime"
)

type watcher struct{ client kubernetes.Interface }

// updateImages keeps the last failure of its writes in res.
func (w *watcher) updateImages(images []string) error {
	var res error
	for _, image := range images {
		switch image {
		case "agent":
			list, err := w.client.AppsV1().Deployments("ns").List(context.Background(), metav1.ListOptions{})
			if err != nil {
				res = err
				continue
			}
			for _, d := range list.Items {
				d.Spec.Paused = false
				if _, err := w.client.AppsV1().Deployments("ns").Update(context.Background(), &d, metav1.UpdateOptions{}); err != nil { // want `conflict from Deployments\("ns"\).Update of d is dropped for another error, which cannot be returned by onConfig: re-read d inside retry.RetryOnConflict; lost for good`
					log.Print(err)
					res = err
				}
			}
		case "relay":
			relay, err := w.client.AppsV1().Deployments("ns").Get(context.Background(), "relay", metav1.GetOptions{})
			if err != nil {
				res = err
				continue
			}
			relay.Spec.Paused = false
			if _, err := w.client.AppsV1().Deployments("ns").Update(context.Background(), relay, metav1.UpdateOptions{}); err != nil { // want `conflict from Deployments\("ns"\).Update of relay is dropped for another error, which cannot be returned by onConfig: re-read relay inside retry.RetryOnConflict; lost for good`
				log.Print(err)
				res = err
			}
		}
	}
	return res
}

// onConfig is an update handler: it drops the helper's result.
func (w *watcher) onConfig(images []string) {
	w.updateImages(images)
}

// refresh hands the helper's result on as it is.
func (w *watcher) refresh(images []string) error {
	return w.updateImages(images)
}

// onConfigVia drops refresh's result.
func (w *watcher) onConfigVia(images []string) {
	w.refresh(images)
}

// pauseAll is updateImages' twin, with its result returned by Reconcile.
func (w *watcher) pauseAll(names []string) error {
	var res error
	for _, name := range names {
		d, err := w.client.AppsV1().Deployments("ns").Get(context.Background(), name, metav1.GetOptions{})
		if err != nil {
			res = err
			continue
		}
		d.Spec.Paused = true
		if _, err := w.client.AppsV1().Deployments("ns").Update(context.Background(), d, metav1.UpdateOptions{}); err != nil { // ok: whichever failure pauseAll returns, Reconcile requeues and the next pass writes again
			res = err
		}
		s, err := w.client.AppsV1().Deployments("shadow").Get(context.Background(), name, metav1.GetOptions{})
		if err != nil {
			res = err
			continue
		}
		s.Spec.Paused = true
		if _, err := w.client.AppsV1().Deployments("shadow").Update(context.Background(), s, metav1.UpdateOptions{}); err != nil { // ok: as above
			res = err
		}
	}
	return res
}

type reconciler struct{ w *watcher }

func (r *reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.w.pauseAll([]string{req.Name})
}
