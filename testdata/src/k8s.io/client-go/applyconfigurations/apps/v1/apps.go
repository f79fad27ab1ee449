// Package v1 is a test stub of k8s.io/client-go/applyconfigurations/apps/v1.
package v1

// DeploymentApplyConfiguration is a server-side apply body for a Deployment.
type DeploymentApplyConfiguration struct {
	Name      *string
	Namespace *string
	Labels    map[string]string
}

// Deployment starts an apply configuration for the named Deployment.
func Deployment(name, namespace string) *DeploymentApplyConfiguration {
	return &DeploymentApplyConfiguration{Name: &name, Namespace: &namespace}
}

// IsApplyConfiguration marks the type as an apply configuration.
func (b DeploymentApplyConfiguration) IsApplyConfiguration() {}

// GetName returns the name, or nil when unset.
func (b *DeploymentApplyConfiguration) GetName() *string { return b.Name }

// WithLabels merges entries into the labels.
func (b *DeploymentApplyConfiguration) WithLabels(entries map[string]string) *DeploymentApplyConfiguration {
	return b
}

// ReplicaSetApplyConfiguration is a server-side apply body for a ReplicaSet.
type ReplicaSetApplyConfiguration struct {
	Name      *string
	Namespace *string
	Labels    map[string]string
}

// ReplicaSet starts an apply configuration for the named ReplicaSet.
func ReplicaSet(name, namespace string) *ReplicaSetApplyConfiguration {
	return &ReplicaSetApplyConfiguration{Name: &name, Namespace: &namespace}
}

// IsApplyConfiguration marks the type as an apply configuration.
func (b ReplicaSetApplyConfiguration) IsApplyConfiguration() {}

// GetName returns the name, or nil when unset.
func (b *ReplicaSetApplyConfiguration) GetName() *string { return b.Name }
