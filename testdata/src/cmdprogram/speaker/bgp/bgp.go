// Package bgp gives the speaker's manager a runnable that cleans a status
// at start-up and returns its write's failure, which stops the manager.
package bgp

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// Cleaner clears the status of the speaker's ConfigMap once.
type Cleaner struct{ client.Client }

func (c *Cleaner) Start(ctx context.Context) error {
	var cm corev1.ConfigMap
	if err := c.Get(ctx, client.ObjectKey{Namespace: "ns", Name: "speaker"}, &cm); err != nil {
		return err
	}
	cm.Data = nil
	return c.Update(ctx, &cm)
}

// Setup adds the cleaner to mgr.
func Setup(mgr manager.Manager) error {
	return mgr.Add(&Cleaner{Client: mgr.GetClient()})
}
