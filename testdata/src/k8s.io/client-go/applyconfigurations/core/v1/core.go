// Package v1 is a test stub of k8s.io/client-go/applyconfigurations/core/v1.
package v1

// ConfigMapApplyConfiguration is a server-side apply body for a ConfigMap.
type ConfigMapApplyConfiguration struct {
	Name      *string
	Namespace *string
	Labels    map[string]string
}

// ConfigMap starts an apply configuration for the named ConfigMap.
func ConfigMap(name, namespace string) *ConfigMapApplyConfiguration {
	return &ConfigMapApplyConfiguration{Name: &name, Namespace: &namespace}
}

// IsApplyConfiguration marks the type as an apply configuration.
func (b ConfigMapApplyConfiguration) IsApplyConfiguration() {}

// GetName returns the name, or nil when unset.
func (b *ConfigMapApplyConfiguration) GetName() *string { return b.Name }

// WithLabels merges entries into the labels.
func (b *ConfigMapApplyConfiguration) WithLabels(entries map[string]string) *ConfigMapApplyConfiguration {
	return b
}

// SecretApplyConfiguration is a server-side apply body for a Secret.
type SecretApplyConfiguration struct {
	Name      *string
	Namespace *string
	Labels    map[string]string
}

// Secret starts an apply configuration for the named Secret.
func Secret(name, namespace string) *SecretApplyConfiguration {
	return &SecretApplyConfiguration{Name: &name, Namespace: &namespace}
}

// IsApplyConfiguration marks the type as an apply configuration.
func (b SecretApplyConfiguration) IsApplyConfiguration() {}

// GetName returns the name, or nil when unset.
func (b *SecretApplyConfiguration) GetName() *string { return b.Name }

// WithLabels merges entries into the labels.
func (b *SecretApplyConfiguration) WithLabels(entries map[string]string) *SecretApplyConfiguration {
	return b
}

// PodApplyConfiguration is a server-side apply body for a Pod.
type PodApplyConfiguration struct {
	Name      *string
	Namespace *string
	Labels    map[string]string
}

// Pod starts an apply configuration for the named Pod.
func Pod(name, namespace string) *PodApplyConfiguration {
	return &PodApplyConfiguration{Name: &name, Namespace: &namespace}
}

// IsApplyConfiguration marks the type as an apply configuration.
func (b PodApplyConfiguration) IsApplyConfiguration() {}

// GetName returns the name, or nil when unset.
func (b *PodApplyConfiguration) GetName() *string { return b.Name }

// WithLabels merges entries into the labels.
func (b *PodApplyConfiguration) WithLabels(entries map[string]string) *PodApplyConfiguration {
	return b
}

// ServiceApplyConfiguration is a server-side apply body for a Service.
type ServiceApplyConfiguration struct {
	Name      *string
	Namespace *string
	Labels    map[string]string
}

// Service starts an apply configuration for the named Service.
func Service(name, namespace string) *ServiceApplyConfiguration {
	return &ServiceApplyConfiguration{Name: &name, Namespace: &namespace}
}

// IsApplyConfiguration marks the type as an apply configuration.
func (b ServiceApplyConfiguration) IsApplyConfiguration() {}

// GetName returns the name, or nil when unset.
func (b *ServiceApplyConfiguration) GetName() *string { return b.Name }

// WithLabels merges entries into the labels.
func (b *ServiceApplyConfiguration) WithLabels(entries map[string]string) *ServiceApplyConfiguration {
	return b
}

// WithData merges entries into the data.
func (b *ConfigMapApplyConfiguration) WithData(entries map[string]string) *ConfigMapApplyConfiguration {
	return b
}

// NodeApplyConfiguration is a server-side apply body for a Node.
type NodeApplyConfiguration struct {
	Name   *string
	Labels map[string]string
}

// Node starts an apply configuration for the named Node.
func Node(name string) *NodeApplyConfiguration {
	return &NodeApplyConfiguration{Name: &name}
}

// IsApplyConfiguration marks the type as an apply configuration.
func (b NodeApplyConfiguration) IsApplyConfiguration() {}

// GetName returns the name, or nil when unset.
func (b *NodeApplyConfiguration) GetName() *string { return b.Name }

// PersistentVolumeClaimApplyConfiguration is a server-side apply body for a PersistentVolumeClaim.
type PersistentVolumeClaimApplyConfiguration struct {
	Name      *string
	Namespace *string
	Labels    map[string]string
}

// PersistentVolumeClaim starts an apply configuration for the named PersistentVolumeClaim.
func PersistentVolumeClaim(name, namespace string) *PersistentVolumeClaimApplyConfiguration {
	return &PersistentVolumeClaimApplyConfiguration{Name: &name, Namespace: &namespace}
}

// IsApplyConfiguration marks the type as an apply configuration.
func (b PersistentVolumeClaimApplyConfiguration) IsApplyConfiguration() {}

// GetName returns the name, or nil when unset.
func (b *PersistentVolumeClaimApplyConfiguration) GetName() *string { return b.Name }
