// Command labeler touches one ConfigMap; it imports internal/typed, so it
// cannot be loaded either when k8s.io/api cannot be fetched.
package main

import (
	"context"
	"fmt"
	"os"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/config"

	"example.com/loadfail/internal/typed"
)

func main() {
	c, err := client.New(config.GetConfigOrDie(), client.Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	ctx := context.Background()
	var cm corev1.ConfigMap
	if err := c.Get(ctx, client.ObjectKey{Namespace: "default", Name: "labeler"}, &cm); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := typed.Touch(ctx, c, &cm); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
