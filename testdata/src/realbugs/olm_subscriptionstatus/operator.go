// Package olm_subscriptionstatus reduces a bug fixed in
// operator-framework/operator-lifecycle-manager.
//
//	repo:     https://github.com/operator-framework/operator-lifecycle-manager
//	fix:      https://github.com/operator-framework/operator-lifecycle-manager/commit/b4f14a8fbdb0ba288657e385481c4444796024c0 ("fix(subs): retry status update on conflict")
//	file:     pkg/controller/operators/catalog/operator.go
//	function: (*Operator).updateSubscriptionStatus
//
// The catalog operator wrote the status of every Subscription of a
// namespace with the generated clientset's UpdateStatus(sub) (pre-v0.18
// shape) on objects from the informer cache, in a loop that kept only the
// last error and retried nothing: a Conflict left the install plan
// reference unset until a later resync. The fix re-reads each Subscription
// and writes inside retry.RetryOnConflict, in parallel, aggregating the
// errors.
package olm_subscriptionstatus

import (
	"sync"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	utilerrors "k8s.io/apimachinery/pkg/util/errors"
	"k8s.io/client-go/util/retry"
)

type SubscriptionStatus struct {
	LastUpdated           metav1.Time
	InstallPlanRef        *string
	State                 string
	InstallPlanGeneration int
}

type Subscription struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status SubscriptionStatus
}

func (in *Subscription) DeepCopyObject() runtime.Object { out := *in; return &out }

// SubscriptionInterface is the generated typed client of that time.
type SubscriptionInterface interface {
	Get(name string, options metav1.GetOptions) (*Subscription, error)
	Update(*Subscription) (*Subscription, error)
	UpdateStatus(*Subscription) (*Subscription, error)
}

type OperatorsV1alpha1Interface interface {
	Subscriptions(namespace string) SubscriptionInterface
}

type Interface interface {
	OperatorsV1alpha1() OperatorsV1alpha1Interface
}

type Operator struct {
	client Interface
}

func (o *Operator) now() metav1.Time { return metav1.Now() }

// updateSubscriptionStatusBuggy is updateSubscriptionStatus before the fix.
func (o *Operator) updateSubscriptionStatusBuggy(namespace string, gen int, subs []*Subscription, installPlanRef *string) error {
	var err error
	for _, sub := range subs {
		sub.Status.LastUpdated = o.now()
		if installPlanRef != nil {
			sub.Status.InstallPlanRef = installPlanRef
			sub.Status.State = "UpgradePending"
			sub.Status.InstallPlanGeneration = gen
		}
		if _, subErr := o.client.OperatorsV1alpha1().Subscriptions(namespace).UpdateStatus(sub); subErr != nil { // realbug: unretriedupdate miss=default "old generated clientset UpdateStatus(obj) (*T, error) without context is not a known write shape (and the last error is returned, which default mode would count as handled)"
			err = subErr
		}
	}
	return err
}

// updateSubscriptionStatusFixed is updateSubscriptionStatus after the fix.
func (o *Operator) updateSubscriptionStatusFixed(namespace string, gen int, subs []*Subscription, installPlanRef *string) error {
	var (
		errs        []error
		mu          sync.Mutex
		wg          sync.WaitGroup
		getOpts     = metav1.GetOptions{}
		lastUpdated = o.now()
	)
	for _, sub := range subs {
		sub.Status.LastUpdated = lastUpdated
		if installPlanRef != nil {
			sub.Status.InstallPlanRef = installPlanRef
			sub.Status.State = "UpgradePending"
			sub.Status.InstallPlanGeneration = gen
		}

		wg.Add(1)
		go func(s Subscription) {
			defer wg.Done()

			update := func() error {
				latest, err := o.client.OperatorsV1alpha1().Subscriptions(s.GetNamespace()).Get(s.GetName(), getOpts)
				if err != nil {
					return err
				}
				latest.Status = s.Status
				_, err = o.client.OperatorsV1alpha1().Subscriptions(namespace).UpdateStatus(latest)
				return err
			}
			if err := retry.RetryOnConflict(retry.DefaultRetry, update); err != nil {
				mu.Lock()
				defer mu.Unlock()
				errs = append(errs, err)
			}
		}(*sub)
	}
	wg.Wait()

	return utilerrors.NewAggregate(errs)
}
