// Package silentfield writes an object its receiver holds through a helper
// that only logs the failure (k8up's executors: `SetConditionTrue` writes
// `c.Obj`; kubegres's resources context): after a Conflict there, the
// executor's own write of the same field resends the refused version.
// Beside it, the same write after a re-read, and a write of another field.
package silentfield

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"staleupdate/silentfield/job"
)

// Config is what every executor is built around.
type Config struct {
	Client client.Client
	Obj    *corev1.ConfigMap
	Other  *corev1.ConfigMap
}

// setCondition records msg on the object and only logs a failure.
func (c *Config) setCondition(ctx context.Context, msg string) {
	c.Obj.Annotations["condition"] = msg
	if err := c.Client.Update(ctx, c.Obj); err != nil { // ok here: unretriedupdate reports the drop
		log.Printf("set condition: %v", err)
	}
}

// Executor runs one job for the object.
type Executor struct{ Config }

func (b *Executor) Execute(ctx context.Context) error {
	b.setCondition(ctx, "started")
	b.Obj.Data = map[string]string{"done": "true"}
	return b.Client.Update(ctx, b.Obj) // want `b.Obj is written again after b.setCondition, which hides its write's failure: have it return the error, or re-read b.Obj first`
}

func (b *Executor) ExecuteFresh(ctx context.Context) error {
	b.setCondition(ctx, "started")
	if err := b.Client.Get(ctx, client.ObjectKeyFromObject(b.Obj), b.Obj); err != nil {
		return err
	}
	b.Obj.Data = map[string]string{"done": "true"}
	return b.Client.Update(ctx, b.Obj) // ok: re-read after the helper
}

func (b *Executor) ExecuteOther(ctx context.Context) error {
	b.setCondition(ctx, "started")
	b.Other.Data = map[string]string{"done": "true"}
	return b.Client.Update(ctx, b.Other) // ok: another object
}

// BackupExecutor is built around job.Config, of another package.
type BackupExecutor struct{ job.Config }

func (b *BackupExecutor) Execute(ctx context.Context) error {
	b.SetConditionTrue(ctx, "PreBackupPodReady")
	b.Obj.Data = map[string]string{"phase": "succeeded"}
	return b.Client.Update(ctx, b.Obj) // want `b.Obj is written again after b.SetConditionTrue, which hides its write's failure`
}
