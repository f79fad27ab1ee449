// Package labels holds the label, annotation and finalizer names the widget
// operator puts on the objects it manages.
package labels

const (
	// Enabled opts a Deployment in to widget management. The value "false"
	// opts it out again.
	Enabled = "widgets.example.com/enabled"

	// LegacyEnabled is the opt-in label used before the API group rename.
	LegacyEnabled = "widget.example.com/enabled"

	// Config marks a ConfigMap that holds rendered widget configuration.
	Config = "widgets.example.com/config"

	// ConfigHash is stamped on pod templates so that pods roll when the
	// rendered configuration changes.
	ConfigHash = "widgets.example.com/config-hash"

	// LegacyConfigHash is where releases before 0.4 kept the hash: on the
	// Deployment itself instead of its pod template.
	LegacyConfigHash = "widgets.example.com/legacy-config-hash"

	// Checksum records the checksum of a ConfigMap's data as last seen by
	// the config watcher.
	Checksum = "widgets.example.com/checksum"

	// Drifted flags a managed ConfigMap that was edited by hand.
	Drifted = "widgets.example.com/drifted"

	// PublishedAt records when staged configuration was last published.
	PublishedAt = "widgets.example.com/published-at"

	// LastSynced records when the widget configuration was last rendered.
	LastSynced = "widgets.example.com/last-synced"

	// StartedAt records when a config watcher instance last started.
	StartedAt = "widgets.example.com/started-at"

	// ManagedBy names the operator build that manages an object.
	ManagedBy = "widgets.example.com/managed-by"

	// KeepConfig on a Deployment keeps its widget ConfigMap around when the
	// Deployment is deleted.
	KeepConfig = "widgets.example.com/keep-config"

	// Orphaned marks a ConfigMap the operator no longer owns.
	Orphaned = "widgets.example.com/orphaned"

	// Maintenance on a Deployment asks the operator to pause its rollout.
	Maintenance = "widgets.example.com/maintenance"

	// ResumedAt on the maintenance record says when a window last ended.
	ResumedAt = "widgets.example.com/resumed-at"

	// Finalizer keeps a Deployment around until its widget ConfigMap has
	// been cleaned up.
	Finalizer = "widgets.example.com/cleanup"

	// ReadinessGate is the pod condition the pod gate controller owns.
	ReadinessGate = "widgets.example.com/config-loaded"

	// FieldManager is the field manager name for server-side apply.
	FieldManager = "widget-operator"

	// ObservedGeneration records the Deployment generation the controller
	// last acted on.
	ObservedGeneration = "widgets.example.com/observed-generation"

	// ControllerVersion records which controller release last touched the
	// Deployment.
	ControllerVersion = "widgets.example.com/controller-version"
)
