package upstream

import "time"

// Upstream symbols that say how a lost write is redone: the watches of a
// controller-runtime builder, client-go event handlers, and resync periods.

const (
	// BuilderPath is controller-runtime's controller builder.
	BuilderPath = "sigs.k8s.io/controller-runtime/pkg/builder"
	// CRCachePath is controller-runtime's cache, whose Options carry the
	// manager's SyncPeriod.
	CRCachePath = "sigs.k8s.io/controller-runtime/pkg/cache"
	// ControllerPath is controller-runtime's controller package (New and
	// the Controller's Watch); SourcePath its sources (Kind).
	ControllerPath = "sigs.k8s.io/controller-runtime/pkg/controller"
	SourcePath     = "sigs.k8s.io/controller-runtime/pkg/source"
	// HandlerPath is controller-runtime's event handlers (the owner
	// handler and its options).
	HandlerPath = "sigs.k8s.io/controller-runtime/pkg/handler"
	// CRManagerPath is controller-runtime's manager package (New).
	CRManagerPath = "sigs.k8s.io/controller-runtime/pkg/manager"
)

// DefaultSyncPeriod is the resync of controller-runtime's cache when its
// SyncPeriod is not set: 10 hours, give or take a tenth of jitter, as the
// manager's and the cache's options document it.
const DefaultSyncPeriod = 10 * time.Hour

// OwnerReferenceFuncs of controllerutil give their second argument an
// owner reference: a controller reference when true.
var OwnerReferenceFuncs = map[string]bool{"SetControllerReference": true, "SetOwnerReference": false}

// WatchMethods are the builder methods that watch the kind of their first
// argument, with the index from which their options start.
var WatchMethods = map[string]int{"For": 1, "Owns": 1, "Watches": 2}

// UnfilteredWatchOptions are the builder's watch options (variables of
// its package) that drop no event: every owner's, only the metadata.
var UnfilteredWatchOptions = map[string]bool{"MatchEveryOwner": true, "OnlyMetadata": true}

// BuildMethods end a builder chain with the reconciler as argument.
var BuildMethods = map[string]bool{"Complete": true, "Build": true}

// FilterMethods of the builder filter every event of the controller.
var FilterMethods = map[string]bool{"WithEventFilter": true}

// InformerFactoryFuncs build shared informer factories (client-go's and
// generated ones: matched by name) whose second argument is the resync
// period.
var InformerFactoryFuncs = map[string]bool{
	"NewSharedInformerFactory":            true,
	"NewSharedInformerFactoryWithOptions": true,
	"NewFilteredSharedInformerFactory":    true,
}

// HandlerRegistrations add an event handler to a client-go informer; the
// value is the index of the resync argument, or -1.
var HandlerRegistrations = map[string]int{"AddEventHandler": -1, "AddEventHandlerWithResyncPeriod": 1}

// DurationPointerFuncs wrap a duration in a pointer (SyncPeriod: ptr.To(d)).
var DurationPointerFuncs = map[FuncKey]bool{
	{Pkg: "k8s.io/utils/ptr", Name: "To"}:           true,
	{Pkg: "k8s.io/utils/pointer", Name: "Duration"}: true,
}
