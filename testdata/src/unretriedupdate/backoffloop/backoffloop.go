// Package backoffloop runs a helper that reads and writes an object until
// it succeeds, waiting between attempts in a select that also listens for
// a stop signal (antrea's cluster identity allocator). A select without a
// default waits for one of its cases, so no path leaves past its last
// case: the attempts retry, and the stop ends the component. Beside it, a
// failure followed by a select that only waits for the stop: lost.
package backoffloop

import (
	"context"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"
	"k8s.io/klog/v2"
)

type Allocator struct {
	kube kubernetes.Interface
}

func (a *Allocator) updateIdentity() error {
	cm, err := a.kube.CoreV1().ConfigMaps("kube-system").Get(context.TODO(), "identity", metav1.GetOptions{})
	if err != nil {
		return err
	}
	cm.Data = map[string]string{"uuid": "generated"}
	if _, err := a.kube.CoreV1().ConfigMaps("kube-system").Update(context.TODO(), cm, metav1.UpdateOptions{}); err != nil {
		return fmt.Errorf("updating the identity: %v", err)
	}
	return nil
}

func (a *Allocator) Run(stopCh <-chan struct{}) {
	backoff := wait.Backoff{Steps: 8, Duration: 100 * time.Millisecond, Factor: 2.0}
	for {
		err := a.updateIdentity() // ok: tried again after a pause until it succeeds
		if err == nil {
			return
		}
		pause := backoff.Step()
		klog.Errorf("will retry in %v: %v", pause, err)
		select {
		case <-stopCh:
			return
		case <-time.After(pause):
			continue
		}
	}
}

func (a *Allocator) RunOnce(stopCh <-chan struct{}) {
	if err := a.updateIdentity(); err != nil { // want `conflict from a.updateIdentity cannot be returned by RunOnce: requeue the object, or re-read the object inside retry.RetryOnConflict; lost for good`
		klog.Errorf("identity: %v", err)
	}
	select {
	case <-stopCh:
		return
	}
}
