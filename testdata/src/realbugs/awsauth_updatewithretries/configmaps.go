// Package awsauth_updatewithretries reduces a bug fixed in keikoproj/aws-auth.
//
//	repo:     https://github.com/keikoproj/aws-auth
//	fix:      https://github.com/keikoproj/aws-auth/pull/14 (commit b81462cf05614d5fb22cb088346eb114f569b496; issue #13)
//	file:     pkg/mapper/configmaps.go
//	function: UpdateAuthMapWithRetries
//
// The retry loop called UpdateAuthMap, a helper that writes its ConfigMap
// parameter with the pre-v0.18 client-go Update(cm), again and again with
// the same ConfigMap: after a Conflict every retry sent the same stale
// resourceVersion and failed the same way.
package awsauth_updatewithretries

import (
	"errors"
	"log"
	"time"

	"example.com/legacy/client-go/kubernetes"
	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

const (
	AwsAuthNamespace = "kube-system"
	AwsAuthName      = "aws-auth"
)

type AwsAuthData struct {
	MapRoles string
	MapUsers string
}

type RetryConfig struct {
	MinRetryTime  time.Duration
	MaxRetryTime  time.Duration
	MaxRetryCount int
}

// ReadAuthMap reads the aws-auth ConfigMap.
func ReadAuthMap(k kubernetes.Interface) (AwsAuthData, *v1.ConfigMap, error) {
	cm, err := k.CoreV1().ConfigMaps(AwsAuthNamespace).Get(AwsAuthName, metav1.GetOptions{})
	if err != nil {
		return AwsAuthData{}, nil, err
	}
	return AwsAuthData{MapRoles: cm.Data["mapRoles"], MapUsers: cm.Data["mapUsers"]}, cm, nil
}

// UpdateAuthMap writes authData into cm (unchanged by the fix).
func UpdateAuthMap(k kubernetes.Interface, authData AwsAuthData, cm *v1.ConfigMap) error {
	cm.Data = map[string]string{
		"mapRoles": authData.MapRoles,
		"mapUsers": authData.MapUsers,
	}
	cm, err := k.CoreV1().ConfigMaps(AwsAuthNamespace).Update(cm) // realbug: unretriedupdate fp=strict "strict mode reports the shared helper's own write; both versions call it from a loop that retries"
	if err != nil {
		return err
	}
	return nil
}

// UpdateAuthMapWithRetries is the retry wrapper before the fix.
func UpdateAuthMapWithRetries(k kubernetes.Interface, authData AwsAuthData, cm *v1.ConfigMap, config *RetryConfig) error {
	counter := 0
	for {
		if counter >= config.MaxRetryCount {
			break
		}
		if err := UpdateAuthMap(k, authData, cm); err != nil { // realbug: staleupdate
			d := config.MinRetryTime
			log.Printf("error: %v: will retry after %v", err, d)
			time.Sleep(d)
			counter++
			continue
		}
		return nil
	}
	return errors.New("waiter timed out")
}

type MapperArguments struct {
	MapRoles      string
	MinRetryTime  time.Duration
	MaxRetryCount int
}

type AuthMapper struct {
	KubernetesClient kubernetes.Interface
}

// upsertAuth is the operation after the fix: it reads the ConfigMap itself.
func (b *AuthMapper) upsertAuth(args *MapperArguments) error {
	authData, configMap, err := ReadAuthMap(b.KubernetesClient)
	if err != nil {
		return err
	}
	authData.MapRoles = args.MapRoles
	return UpdateAuthMap(b.KubernetesClient, authData, configMap)
}

// WithRetry is the retry wrapper after the fix: every attempt runs the
// whole read-modify-write operation.
func WithRetry(fn func(*MapperArguments) error, args *MapperArguments) error {
	var (
		counter int
		err     error
	)
	for {
		if counter >= args.MaxRetryCount {
			break
		}
		if err = fn(args); err != nil {
			d := args.MinRetryTime
			log.Printf("error: %v: will retry after %v", err, d)
			time.Sleep(d)
			counter++
			continue
		}
		return nil
	}
	return errors.Join(errors.New("waiter timed out"), err)
}

// Upsert is the caller after the fix.
func (b *AuthMapper) Upsert(args *MapperArguments) error {
	return WithRetry(b.upsertAuth, args)
}
