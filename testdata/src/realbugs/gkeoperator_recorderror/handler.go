// Package gkeoperator_recorderror reduces a bug fixed in rancher/gke-operator.
//
//	repo:     https://github.com/rancher/gke-operator
//	fix:      https://github.com/rancher/gke-operator/pull/665 (commit bd7389f4eb339461aaccb91b00acfe3160efe179; reverted later by #692)
//	file:     controller/gke-cluster-config-handler.go
//	function: (*Handler).recordError, the closure it returns
//
// The wrangler handler wrote the failure message with UpdateStatus on the
// cached object and passed the error only to logrus.Errorf, then returned
// the onChange error, nil on success: a Conflict on the status write was lost.
package gkeoperator_recorderror

import (
	"github.com/rancher/wrangler/v3/pkg/generic"
	"github.com/sirupsen/logrus"
	"k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/util/retry"
)

type GKEClusterConfigSpec struct{ ClusterName string }

type GKEClusterConfigStatus struct {
	Phase          string
	FailureMessage string
}

type GKEClusterConfig struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   GKEClusterConfigSpec
	Status GKEClusterConfigStatus
}

func (in *GKEClusterConfig) DeepCopy() *GKEClusterConfig { out := *in; return &out }

func (in *GKEClusterConfig) DeepCopyObject() runtime.Object { return in.DeepCopy() }

type GKEClusterConfigList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []GKEClusterConfig
}

func (in *GKEClusterConfigList) DeepCopyObject() runtime.Object { out := *in; return &out }

// GKEClusterConfigClient is the wrangler-generated client interface.
type GKEClusterConfigClient interface {
	generic.ClientInterface[*GKEClusterConfig, *GKEClusterConfigList]
}

const (
	gkeConfigActivePhase   = "active"
	gkeConfigUpdatingPhase = "updating"
)

type Handler struct {
	gkeCC GKEClusterConfigClient
}

// recordErrorBuggy is recordError before the fix.
func (h *Handler) recordErrorBuggy(onChange func(key string, config *GKEClusterConfig) (*GKEClusterConfig, error)) func(key string, config *GKEClusterConfig) (*GKEClusterConfig, error) {
	return func(key string, config *GKEClusterConfig) (*GKEClusterConfig, error) {
		var err error
		var message string
		config, err = onChange(key, config)
		if config == nil {
			return config, err
		}
		if err != nil && errors.IsConflict(err) {
			return nil, err
		}
		if err != nil {
			message = err.Error()
		}

		if config.Status.FailureMessage == message {
			return config, err
		}

		config = config.DeepCopy()

		if message != "" {
			if config.Status.Phase == gkeConfigActivePhase {
				config.Status.Phase = gkeConfigUpdatingPhase
			}
		}
		config.Status.FailureMessage = message

		var recordErr error
		config, recordErr = h.gkeCC.UpdateStatus(config) // realbug: unretriedupdate
		if recordErr != nil {
			logrus.Errorf("Error recording gkecc [%s (id: %s)] failure message: %s, original error: %s", config.Spec.ClusterName, config.Name, recordErr, err)
		}
		return config, err
	}
}

// recordErrorFixed is recordError after the fix: a fresh Get inside
// RetryOnConflict.
func (h *Handler) recordErrorFixed(onChange func(key string, config *GKEClusterConfig) (*GKEClusterConfig, error)) func(key string, config *GKEClusterConfig) (*GKEClusterConfig, error) {
	return func(key string, config *GKEClusterConfig) (*GKEClusterConfig, error) {
		var message string
		config, onChangeErr := onChange(key, config)
		if config == nil {
			return config, onChangeErr
		}
		if config.Status.FailureMessage == message {
			return config, onChangeErr
		}
		statusUpdateErr := retry.RetryOnConflict(retry.DefaultRetry, func() error {
			conf, err := h.gkeCC.Get(config.Namespace, config.Name, metav1.GetOptions{})
			if err != nil {
				return err
			}
			conf = conf.DeepCopy()
			if message != "" && conf.Status.Phase == gkeConfigActivePhase {
				conf.Status.Phase = gkeConfigUpdatingPhase
			}
			conf.Status.FailureMessage = message
			updatedConfig, err := h.gkeCC.UpdateStatus(conf)
			if err == nil {
				config = updatedConfig
			}
			return err
		})
		if statusUpdateErr != nil {
			logrus.Errorf("Error updating status for GKEClusterConfig [%s/%s]: %v. Original error from onChange: %v",
				config.Spec.ClusterName, config.Name, statusUpdateErr, onChangeErr)
		}
		return config, onChangeErr
	}
}
