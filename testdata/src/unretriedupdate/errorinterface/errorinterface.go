// Package errorinterface is the reduction of a wrong fate found on
// ob-operator's dashboard: a write whose failure is replaced by an error of
// the project's own error interface (apierr.Error, which includes error),
// returned to the caller. The constructor never returns nil, so the caller
// is told the path failed: the failure is handed on, not swallowed, and
// the caller decides. Where the caller then loses it, the loss is reported
// at the drop.
package errorinterface

import (
	"context"
	"log"

	"unretriedupdate/errorinterface/apierr"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

type Accounts struct{ cs kubernetes.Interface }

// SetPassword replaces the Conflict and returns the replacement: handed on.
func (a *Accounts) SetPassword(ctx context.Context, user, password string) error {
	secret, err := a.cs.CoreV1().Secrets("dashboard").Get(ctx, "credentials", metav1.GetOptions{})
	if err != nil {
		return err
	}
	secret.StringData = map[string]string{user: password}
	if _, err := a.cs.CoreV1().Secrets("dashboard").Update(ctx, secret, metav1.UpdateOptions{}); err != nil { // want `conflict from Secrets\("dashboard"\).Update of secret is dropped for another error, which cannot be returned by Login: re-read secret inside retry.RetryOnConflict; lost for good`
		return apierr.NewInternal("failed to update user credentials")
	}
	return nil
}

// SetNickname does the same through the constructor with a status.
func (a *Accounts) SetNickname(ctx context.Context, user, nickname string) error {
	secret, err := a.cs.CoreV1().Secrets("dashboard").Get(ctx, "nicknames", metav1.GetOptions{})
	if err != nil {
		return err
	}
	secret.StringData = map[string]string{user: nickname}
	if _, err := a.cs.CoreV1().Secrets("dashboard").Update(ctx, secret, metav1.UpdateOptions{}); err != nil {
		return apierr.Newf(0, "failed to update nicknames")
	}
	return nil
}

// Login loses what SetPassword hands on: only logged.
func (a *Accounts) Login(ctx context.Context, user, password string) {
	if err := a.SetPassword(ctx, user, password); err != nil {
		log.Printf("login of %s: %v", user, err)
	}
}
