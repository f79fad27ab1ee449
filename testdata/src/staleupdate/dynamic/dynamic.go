// Package dynamic holds staleupdate cases for the dynamic client.
package dynamic

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/dynamic"
)

func labelThenStatus(ctx context.Context, ri dynamic.ResourceInterface, u *unstructured.Unstructured) error {
	if _, err := ri.Update(ctx, u, metav1.UpdateOptions{}); err != nil {
		return err
	}
	u.SetLabels(map[string]string{"x": "y"})
	_, err := ri.UpdateStatus(ctx, u, metav1.UpdateOptions{}) // want `u is written again after ri.Update succeeded, without a re-read, so it conflicts: keep the object Update returns, or re-read u first`
	return err
}

func keepsResult(ctx context.Context, ri dynamic.ResourceInterface, name string) error {
	u, err := ri.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	_, err = ri.Update(ctx, u, metav1.UpdateOptions{})
	if err != nil {
		return err
	}
	u.SetAnnotations(map[string]string{"x": "y"})
	_, err = ri.UpdateStatus(ctx, u, metav1.UpdateOptions{}) // want `u is written again after ri.Update succeeded, without a re-read, so it conflicts: keep the object Update returns`
	return err
}

func rereads(ctx context.Context, ri dynamic.ResourceInterface, u *unstructured.Unstructured) error {
	if _, err := ri.Update(ctx, u, metav1.UpdateOptions{}); err != nil {
		return err
	}
	u, err := ri.Get(ctx, u.GetName(), metav1.GetOptions{})
	if err != nil {
		return err
	}
	_, err = ri.UpdateStatus(ctx, u, metav1.UpdateOptions{}) // ok: u was read again
	return err
}
