// Package config is a test stub of sigs.k8s.io/controller-runtime/pkg/client/config.
package config

import "k8s.io/client-go/rest"

// GetConfig returns the kubeconfig or in-cluster config.
func GetConfig() (*rest.Config, error) { return &rest.Config{}, nil }

// GetConfigOrDie is GetConfig that exits on error.
func GetConfigOrDie() *rest.Config { return &rest.Config{} }
