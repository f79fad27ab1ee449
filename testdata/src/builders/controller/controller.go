// Package controller writes objects built by package fixtures.
package controller

import (
	"context"
	"log"

	"builders/fixtures"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

func apply(ctx context.Context, c client.Client) {
	cm := fixtures.DesiredConfigMap("a")
	if err := c.Update(ctx, cm); err != nil { // ok: built without a resourceVersion, the Update cannot conflict
		log.Print(err)
	}
	pinned := fixtures.PinnedConfigMap("b", "42")
	if err := c.Update(ctx, pinned); err != nil { // want `conflict from c.Update cannot be returned by apply: re-read pinned inside retry.RetryOnConflict`
		log.Print(err)
	}
	nested := fixtures.NestedConfigMap(2)
	if err := c.Update(ctx, nested); err != nil { // ok: built by two builders that call each other, every build from a literal
		log.Print(err)
	}
	echoed := fixtures.EchoConfigMap(1)
	if err := c.Update(ctx, echoed); err != nil { // want `conflict from c.Update cannot be returned by apply: re-read echoed inside retry.RetryOnConflict`
		log.Print(err)
	}
}
