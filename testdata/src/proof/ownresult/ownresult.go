// Package ownresult reduces karpenter's provisioner: its singleton
// reconciler returns a result type of the project's own, shaped like
// reconcile.Result, which an adapter hands to controller-runtime. Every
// path without an error asks to run again at once, so a status write
// whose failure is only logged is redone right away: no finding. A step
// that asks for nothing loses it.
package ownresult

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Result is the project's own result, as controller-runtime's.
type Result struct {
	RequeueAfter time.Duration
}

const requeueImmediately = time.Nanosecond

type Provisioner struct {
	client client.Client
	key    client.ObjectKey
}

func (p *Provisioner) markBuffers(ctx context.Context) error {
	var cm corev1.ConfigMap
	if err := p.client.Get(ctx, p.key, &cm); err != nil {
		return err
	}
	cm.Data = map[string]string{"buffers": "fit"}
	return p.client.Update(ctx, &cm)
}

// Reconcile asks to run again at once on every path without an error.
func (p *Provisioner) Reconcile(ctx context.Context) (Result, error) {
	if err := p.markBuffers(ctx); err != nil { // ok: the Result asks for a requeue right away
		log.Printf("updating buffers: %v", err)
	}
	return Result{RequeueAfter: requeueImmediately}, nil
}

// Once asks for nothing after the logged failure.
func (p *Provisioner) Once(ctx context.Context) (Result, error) {
	if err := p.markBuffers(ctx); err != nil { // want `conflict from p.markBuffers of the object is only logged: return it; lost until resync \(1ns\)$`
		log.Printf("updating buffers: %v", err)
	}
	return Result{}, nil
}
