// Package eksoperator_recorderror reduces a bug fixed in rancher/eks-operator.
//
//	repo:     https://github.com/rancher/eks-operator
//	fix:      https://github.com/rancher/eks-operator/pull/835 (commit ed1f99cec16f2623e699fd4b74eb8b197f0fc8c5; reverted later by #908 for unrelated reasons)
//	file:     controller/eks-cluster-config-handler.go
//	function: (*Handler).recordError, the closure it returns
//
// The wrangler handler wrote the failure message with UpdateStatus on the
// cached object, only logged the error with logrus and returned the
// onChange error, which is nil on success: the Conflict was lost.
package eksoperator_recorderror

import (
	"strings"

	"github.com/rancher/wrangler/v3/pkg/generic"
	"github.com/sirupsen/logrus"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/util/retry"
)

type EKSClusterConfigSpec struct{ DisplayName string }

type EKSClusterConfigStatus struct {
	Phase          string
	FailureMessage string
}

type EKSClusterConfig struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   EKSClusterConfigSpec
	Status EKSClusterConfigStatus
}

func (in *EKSClusterConfig) DeepCopy() *EKSClusterConfig { out := *in; return &out }

func (in *EKSClusterConfig) DeepCopyObject() runtime.Object { return in.DeepCopy() }

type EKSClusterConfigList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []EKSClusterConfig
}

func (in *EKSClusterConfigList) DeepCopyObject() runtime.Object { out := *in; return &out }

// EKSClusterConfigClient is the wrangler-generated client interface.
type EKSClusterConfigClient interface {
	generic.ClientInterface[*EKSClusterConfig, *EKSClusterConfigList]
}

const (
	eksConfigActivePhase   = "active"
	eksConfigUpdatingPhase = "updating"
)

type Handler struct {
	eksCC EKSClusterConfigClient
}

// recordErrorBuggy is recordError before the fix.
func (h *Handler) recordErrorBuggy(onChange func(key string, config *EKSClusterConfig) (*EKSClusterConfig, error)) func(key string, config *EKSClusterConfig) (*EKSClusterConfig, error) {
	return func(key string, config *EKSClusterConfig) (*EKSClusterConfig, error) {
		var err error
		var message string
		config, err = onChange(key, config)
		if config == nil {
			return config, err
		}
		if err != nil {
			if !strings.Contains(err.Error(), "currently has update") {
				message = err.Error()
			}
		}

		if config.Status.FailureMessage == message {
			return config, err
		}

		config = config.DeepCopy()
		if message != "" && config.Status.Phase == eksConfigActivePhase {
			config.Status.Phase = eksConfigUpdatingPhase
		}
		config.Status.FailureMessage = message

		var recordErr error
		config, recordErr = h.eksCC.UpdateStatus(config) // realbug: unretriedupdate
		if recordErr != nil {
			logrus.Errorf("Error recording ekscc [%s (id: %s)] failure message: %s", config.Spec.DisplayName, config.Name, recordErr.Error())
		}
		return config, err
	}
}

// recordErrorFixed is recordError after the fix: a fresh Get inside
// RetryOnConflict.
func (h *Handler) recordErrorFixed(onChange func(key string, config *EKSClusterConfig) (*EKSClusterConfig, error)) func(key string, config *EKSClusterConfig) (*EKSClusterConfig, error) {
	return func(key string, config *EKSClusterConfig) (*EKSClusterConfig, error) {
		var message string
		config, onChangeErr := onChange(key, config)
		if config == nil {
			return config, onChangeErr
		}
		if onChangeErr != nil {
			if !strings.Contains(onChangeErr.Error(), "currently has update") {
				message = onChangeErr.Error()
			}
		}
		if config.Status.FailureMessage == message {
			return config, onChangeErr
		}
		statusUpdateErr := retry.RetryOnConflict(retry.DefaultRetry, func() error {
			conf, err := h.eksCC.Get(config.Namespace, config.Name, metav1.GetOptions{})
			if err != nil {
				return err
			}
			conf = conf.DeepCopy()
			if message != "" && conf.Status.Phase == eksConfigActivePhase {
				conf.Status.Phase = eksConfigUpdatingPhase
			}
			conf.Status.FailureMessage = message
			updatedConfig, err := h.eksCC.UpdateStatus(conf)
			if err == nil {
				config = updatedConfig
			}
			return err
		})
		if statusUpdateErr != nil {
			logrus.Errorf("Error updating status for EKSClusterConfig [%s/%s]: %v. Original error from onChange: %v",
				config.Spec.DisplayName, config.Name, statusUpdateErr, onChangeErr)
		}
		return config, onChangeErr
	}
}
