// Package conflictguards tests a Conflict in a conjunction that guards the
// other failures' return (antrea's flow aggregator certificates: `if
// !IsAlreadyExists(err) && !IsConflict(err) { return false, err }`): past
// the guard, the code answers the Conflict, here by asking its worker to
// requeue the key. Beside it, the same guard followed by a return that
// lets the Conflict go.
package conflictguards

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/workqueue"
	"k8s.io/klog/v2"
)

type Provider struct {
	kube  kubernetes.Interface
	queue workqueue.TypedRateLimitingInterface[string]
}

func (p *Provider) processNextWorkItem() bool {
	key, quit := p.queue.Get()
	if quit {
		return false
	}
	defer p.queue.Done(key)
	if retry, err := p.syncCertificates(context.TODO()); err != nil {
		klog.ErrorS(err, "Failed to sync certificates")
		p.queue.AddRateLimited(key)
	} else if retry {
		p.queue.AddRateLimited(key)
	} else {
		p.queue.Forget(key)
	}
	return true
}

func (p *Provider) syncCertificates(ctx context.Context) (bool, error) {
	if err := p.syncCA(ctx); err != nil { // ok: a Conflict asks the worker to requeue
		if !errors.IsAlreadyExists(err) && !errors.IsConflict(err) {
			return false, fmt.Errorf("failed to sync the CA: %w", err)
		}
		klog.InfoS("Conflict when syncing the CA, will requeue")
		return true, nil
	}
	return false, nil
}

func (p *Provider) syncCA(ctx context.Context) error {
	s, err := p.kube.CoreV1().Secrets("ns").Get(ctx, "ca", metav1.GetOptions{})
	if err != nil {
		return err
	}
	s = s.DeepCopy()
	s.Data = map[string][]byte{"ca.crt": nil}
	_, err = p.kube.CoreV1().Secrets("ns").Update(ctx, s, metav1.UpdateOptions{})
	return err
}

// SyncOnce lets the Conflict go past the guard (superedge's shape).
func (p *Provider) SyncOnce(ctx context.Context) error {
	if err := p.syncCA(ctx); err != nil && !errors.IsConflict(err) { // want `conflict from p.syncCA is swallowed: return it, or re-read the object inside retry.RetryOnConflict; lost for good`
		return err
	}
	return nil
}

// SyncNested lets the Conflict go in a branch of its own.
func (p *Provider) SyncNested(ctx context.Context) error {
	if err := p.syncCA(ctx); err != nil { // want `conflict from p.syncCA is swallowed: return it, or re-read the object inside retry.RetryOnConflict; lost for good`
		if errors.IsConflict(err) {
			return nil
		}
		return err
	}
	return nil
}
