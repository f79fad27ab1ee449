// Package rest is a test stub of k8s.io/client-go/rest.
package rest

import "time"

// Config says how to reach and authenticate to an API server.
type Config struct {
	Host        string
	APIPath     string
	BearerToken string
	UserAgent   string
	QPS         float32
	Burst       int
	Timeout     time.Duration
}

// Interface is a REST client for one group version.
type Interface interface {
	APIVersion() string
}

// RESTClient is the concrete REST client.
type RESTClient struct{}

// APIVersion returns the group version the client talks to.
func (c *RESTClient) APIVersion() string { return "" }

// InClusterConfig returns the config of the pod's service account.
func InClusterConfig() (*Config, error) { return &Config{}, nil }

// CopyConfig returns a copy of config.
func CopyConfig(config *Config) *Config { c := *config; return &c }
