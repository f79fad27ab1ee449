package upstream

// Upstream knowledge lives here, apart from the matching logic, so that a new
// client version or API means a new table row rather than new code.

// Import paths of the upstream packages the model knows; the checks' fixes
// write some of them into code.
const (
	ClientPath         = "sigs.k8s.io/controller-runtime/pkg/client"
	ControllerUtilPath = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	ReconcilePath      = "sigs.k8s.io/controller-runtime/pkg/reconcile"
	// ManagerPath is controller-runtime's manager; CRPath its root
	// package (ctrl), which re-exports the Manager type.
	ManagerPath      = "sigs.k8s.io/controller-runtime/pkg/manager"
	CRPath           = controllerRuntime
	dynamicPath      = "k8s.io/client-go/dynamic"
	unstructuredPath = "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	RetryPath        = "k8s.io/client-go/util/retry"
	WaitPath         = "k8s.io/apimachinery/pkg/util/wait"
	// ErrorsPath is apimachinery's API errors, whose constructors build
	// errors that IsConflict and its siblings recognise.
	ErrorsPath         = "k8s.io/apimachinery/pkg/api/errors"
	MetaV1Path         = "k8s.io/apimachinery/pkg/apis/meta/v1"
	MetaPath           = "k8s.io/apimachinery/pkg/api/meta"
	WorkqueuePath      = "k8s.io/client-go/util/workqueue"
	RESTPath           = "k8s.io/client-go/rest"
	ClientGoPrefix     = "k8s.io/client-go/"
	controllerRuntime  = "sigs.k8s.io/controller-runtime"
	patchTypesPath     = "k8s.io/apimachinery/pkg/types"
	UpdateOptionsName  = "UpdateOptions"
	OptimisticLockName = "MergeFromWithOptimisticLock"
)

// ClientAccessorPkgs hold client code whose accessor methods (CoreV1(),
// ConfigMaps(ns), Resource(gvr), Namespace(ns)) only build clients, as do
// those of generated CRD clientsets (a path holding clientsetPathPart).
var ClientAccessorPkgs = []string{ClientGoPrefix, controllerRuntime + "/"}

const ClientsetPathPart = "/clientset/"

// errorPredicatePkgs hold predicates that are false for a nil error.
var errorPredicatePkgs = map[string]bool{
	ErrorsPath: true,
	"errors":   true,
}

// IsErrorPredicatePkg reports whether the package at path holds predicates
// on an error that are false for a nil error (apierrors.IsConflict,
// errors.Is).
func IsErrorPredicatePkg(path string) bool { return errorPredicatePkgs[path] }

// relevantImports are the packages whose presence in a package's transitive
// imports means it may talk to the Kubernetes API: every write goes through
// a client built on client-go or controller-runtime. Prefixes end in "/".
var relevantImports = []string{
	ClientGoPrefix,
	controllerRuntime,
}

// upstreamPrefixes are the Kubernetes modules whose behaviour is known from
// these tables; their own packages are never modeled (under go vet, that
// would mean walking all of client-go for facts nobody needs).
var upstreamPrefixes = []string{
	"k8s.io/api/",
	"k8s.io/apimachinery/",
	ClientGoPrefix,
	controllerRuntime,
	"k8s.io/klog/",
}

// MethodKey names a method by the package and type that declare it.
type MethodKey struct{ Pkg, Type, Name string }

// FuncKey names a package-level function.
type FuncKey struct{ Pkg, Name string }

// WriteMethods are interface methods that send an object with its
// resourceVersion. Patch is listed separately: it is conflict-prone only with
// an optimistic-lock patch.
var WriteMethods = map[MethodKey]WriteKind{
	{ClientPath, "Writer", "Update"}:                   WriteUpdate,
	{ClientPath, "SubResourceWriter", "Update"}:        WriteSubResourceUpdate,
	{ClientPath, "StatusWriter", "Update"}:             WriteSubResourceUpdate, // before v0.14 StatusWriter was its own interface
	{dynamicPath, "ResourceInterface", "Update"}:       WriteDynamicUpdate,
	{dynamicPath, "ResourceInterface", "UpdateStatus"}: WriteDynamicUpdate,
}

// PatchMethods are the controller-runtime Patch methods; the patch argument
// decides whether the call is conflict-prone.
var PatchMethods = map[MethodKey]bool{
	{ClientPath, "Writer", "Patch"}:            true,
	{ClientPath, "SubResourceWriter", "Patch"}: true,
	{ClientPath, "StatusWriter", "Patch"}:      true,
}

// TypedWriteNames are the method names that, with a typed client's shape
// (see typedUpdateObject), make a typed client-go, generated clientset or
// generic controller write.
var TypedWriteNames = map[string]bool{"Update": true, "UpdateStatus": true}

// WriteFuncs are package-level functions that read, mutate and Update.
var WriteFuncs = map[FuncKey]writeFunc{
	{ControllerUtilPath, "CreateOrUpdate"}: {ClientArg: 1, ObjectArg: 2},
}

// FuncAliases are package-level variables that upstream sets to a tabled
// function (controller-runtime's root package re-exports helpers this way);
// a call through one is a call of the function.
var FuncAliases = map[FuncKey]FuncKey{
	{controllerRuntime, "CreateOrUpdate"}: {ControllerUtilPath, "CreateOrUpdate"},
}

type writeFunc struct{ ClientArg, ObjectArg int }

// ReadMethods fill their object argument from the API server or a cache.
var ReadMethods = map[MethodKey]int{
	{ClientPath, "Reader", "Get"}: 2,
}

// OptimisticPatchBuilders build a patch that carries the resourceVersion when
// given a MergeFromWithOptimisticLock option.
var OptimisticPatchBuilders = map[FuncKey]bool{
	{ClientPath, "MergeFromWithOptions"}: true,
	{ClientPath, "StrategicMergeFrom"}:   true,
}

// retryFunc describes where a retry helper takes its function and, when it
// retries on a caller-chosen condition, where that condition is.
type retryFunc struct {
	FnArg int
	// predArg is the index of an error predicate that must test IsConflict
	// (retry.OnError), or -1.
	PredArg int
	// needsConflictCheck: the function itself must test IsConflict for the
	// helper to retry on Conflict (wait's condition functions).
	NeedsConflictCheck bool
}

var RetryFuncs = map[FuncKey]retryFunc{
	{RetryPath, "RetryOnConflict"}:              {FnArg: 1, PredArg: -1},
	{RetryPath, "OnError"}:                      {FnArg: 2, PredArg: 1},
	{WaitPath, "ExponentialBackoff"}:            {FnArg: 1, PredArg: -1, NeedsConflictCheck: true},
	{WaitPath, "ExponentialBackoffWithContext"}: {FnArg: 2, PredArg: -1, NeedsConflictCheck: true},
	{WaitPath, "PollUntilContextTimeout"}:       {FnArg: 4, PredArg: -1, NeedsConflictCheck: true},
	{WaitPath, "PollUntilContextCancel"}:        {FnArg: 3, PredArg: -1, NeedsConflictCheck: true},
	{WaitPath, "PollImmediate"}:                 {FnArg: 2, PredArg: -1, NeedsConflictCheck: true},
	{WaitPath, "Poll"}:                          {FnArg: 2, PredArg: -1, NeedsConflictCheck: true},
}

// ConflictChecks are the predicates that recognise a Conflict error.
var ConflictChecks = map[FuncKey]bool{
	{ErrorsPath, "IsConflict"}: true,
}

// NotFoundCheck is the predicate that recognises a NotFound error.
var NotFoundCheck = FuncKey{ErrorsPath, "IsNotFound"}

// Upstream helpers that change an object's metadata or status in place and
// never its resourceVersion: one list of each kind, from which the tables
// below are built.
var (
	// metadataSetters set a finalizer, a label or an annotation on their
	// first argument.
	metadataSetters = []FuncKey{
		{ControllerUtilPath, "AddFinalizer"}, {ControllerUtilPath, "RemoveFinalizer"},
		{MetaV1Path, "SetMetaDataAnnotation"}, {MetaV1Path, "SetMetaDataLabel"},
	}
	// conditionSetters change a list of status conditions, their first
	// argument.
	conditionSetters = []FuncKey{{MetaPath, "SetStatusCondition"}, {MetaPath, "RemoveStatusCondition"}}
	// ownerSetters set an owner reference on their second argument.
	ownerSetters = []FuncKey{{ControllerUtilPath, "SetControllerReference"}, {ControllerUtilPath, "SetOwnerReference"}}
	// comparers only read the objects they are given.
	comparers = []FuncKey{{"reflect", "DeepEqual"}}
	// manifestDecoders fill a new object from a manifest.
	manifestDecoders = []FuncKey{
		{"encoding/json", "Unmarshal"}, {"encoding/json", "Marshal"}, {"sigs.k8s.io/yaml", "Unmarshal"},
		{"sigs.k8s.io/yaml", "UnmarshalStrict"}, {"gopkg.in/yaml.v2", "Unmarshal"}, {"gopkg.in/yaml.v3", "Unmarshal"},
	}
)

// VersionKeepers fill or decorate an object without giving it a
// resourceVersion: decoders of manifests, metadata setters, and
// comparisons.
var VersionKeepers = keySet(manifestDecoders, metadataSetters, ownerSetters, comparers)

// PlainSetters are the well-known helpers a retry fix may move into the
// retry with the changes around them: they set a label, an annotation, a
// finalizer or a status condition on their first argument and do nothing
// else.
var PlainSetters = keySet(metadataSetters, conditionSetters)

func keySet(lists ...[]FuncKey) map[FuncKey]bool {
	set := make(map[FuncKey]bool)
	for _, l := range lists {
		for _, k := range l {
			set[k] = true
		}
	}
	return set
}

// VersionKeepingDecoders are decoder types whose Decode fills a new object
// from a manifest.
var VersionKeepingDecoders = map[FuncKey]bool{
	{"k8s.io/apimachinery/pkg/util/yaml", "YAMLOrJSONDecoder"}: true,
	{"encoding/json", "Decoder"}:                               true,
}

// Functions and types an error commonly meets (the fate of an error).

// LoggingFuncs print or record an error and let the program carry on.
var LoggingFuncs = map[FuncKey]bool{
	{"log", "Print"}: true, {"log", "Printf"}: true, {"log", "Println"}: true,
	{"fmt", "Print"}: true, {"fmt", "Printf"}: true, {"fmt", "Println"}: true,
	{"fmt", "Fprint"}: true, {"fmt", "Fprintf"}: true, {"fmt", "Fprintln"}: true,
	{"k8s.io/klog/v2", "Error"}: true, {"k8s.io/klog/v2", "Errorf"}: true, {"k8s.io/klog/v2", "ErrorS"}: true,
	{"k8s.io/klog/v2", "Errorln"}: true, {"k8s.io/klog/v2", "ErrorDepth"}: true,
	{"k8s.io/klog/v2", "Info"}: true, {"k8s.io/klog/v2", "Infof"}: true, {"k8s.io/klog/v2", "InfoS"}: true,
	{"k8s.io/klog/v2", "Infoln"}:  true,
	{"k8s.io/klog/v2", "Warning"}: true, {"k8s.io/klog/v2", "Warningf"}: true, {"k8s.io/klog/v2", "Warningln"}: true,
	{"k8s.io/apimachinery/pkg/util/runtime", "HandleError"}:            true,
	{"k8s.io/apimachinery/pkg/util/runtime", "HandleErrorWithContext"}: true,
	{"k8s.io/apimachinery/pkg/util/runtime", "HandleErrorWithLogger"}:  true,
	{"go.uber.org/zap", "Error"}:                                       true, {"go.uber.org/zap", "NamedError"}: true,
	{"log/slog", "Error"}: true, {"log/slog", "Warn"}: true, {"log/slog", "Info"}: true,
	{"log/slog", "Any"}: true,
}

// LoggingTypes are types all of whose methods only log.
var LoggingTypes = map[FuncKey]bool{
	{"github.com/go-logr/logr", "Logger"}:              true,
	{"k8s.io/klog/v2", "Verbose"}:                      true,
	{"k8s.io/client-go/tools/record", "EventRecorder"}: true,
	{"go.uber.org/zap", "Logger"}:                      true,
	{"go.uber.org/zap", "SugaredLogger"}:               true,
	{"log/slog", "Logger"}:                             true,
	{"log", "Logger"}:                                  true,
	{ZerologPath, "Logger"}:                            true,
	{ZerologPath, "Event"}:                             true,
}

// ZerologPath is zerolog, whose events log what they are given when sent;
// an event begun by a level in FatalEventLevels (the Logger's method or
// the global logger's function of that name, ZerologPath+"/log") ends the
// program instead (see FatalEvent).
const ZerologPath = "github.com/rs/zerolog"

// FatalEventLevels begin a zerolog event that exits or panics when sent.
var FatalEventLevels = map[string]bool{"Fatal": true, "Panic": true}

// FatalFuncs end the program.
var FatalFuncs = map[FuncKey]bool{
	{"log", "Fatal"}: true, {"log", "Fatalf"}: true, {"log", "Fatalln"}: true,
	{"log", "Panic"}: true, {"log", "Panicf"}: true, {"log", "Panicln"}: true,
	{"os", "Exit"}:              true,
	{"k8s.io/klog/v2", "Fatal"}: true, {"k8s.io/klog/v2", "Fatalf"}: true, {"k8s.io/klog/v2", "Fatalln"}: true,
	{"k8s.io/klog/v2", "FatalDepth"}: true,
	{"k8s.io/klog/v2", "Exit"}:       true, {"k8s.io/klog/v2", "Exitf"}: true, {"k8s.io/klog/v2", "Exitln"}: true,
	{"k8s.io/klog", "Fatal"}: true, {"k8s.io/klog", "Fatalf"}: true, {"k8s.io/klog", "Fatalln"}: true,
	{"k8s.io/klog", "Exit"}: true, {"k8s.io/klog", "Exitf"}: true, {"k8s.io/klog", "Exitln"}: true,
}

// FatalMethods end the program too.
var FatalMethods = map[MethodKey]bool{
	{"log", "Logger", "Fatal"}: true, {"log", "Logger", "Fatalf"}: true, {"log", "Logger", "Fatalln"}: true,
	{"log", "Logger", "Panic"}: true, {"log", "Logger", "Panicf"}: true, {"log", "Logger", "Panicln"}: true,
	{"go.uber.org/zap", "Logger", "Fatal"}: true, {"go.uber.org/zap", "Logger", "Panic"}: true,
	{"go.uber.org/zap", "SugaredLogger", "Fatal"}: true, {"go.uber.org/zap", "SugaredLogger", "Fatalf"}: true,
	// testing's Fatal family stops the test's goroutine: the test fails.
	{"testing", "common", "Fatal"}: true, {"testing", "common", "Fatalf"}: true, {"testing", "common", "FailNow"}: true,
	{"testing", "T", "Fatal"}: true, {"testing", "T", "Fatalf"}: true, {"testing", "T", "FailNow"}: true,
	{"testing", "B", "Fatal"}: true, {"testing", "B", "Fatalf"}: true, {"testing", "B", "FailNow"}: true,
}

// FatalLoggerNames are the names of the standard log package's functions
// that end the program; on a logger by shape (see isFatal) they end it too.
var FatalLoggerNames = map[string]bool{
	"Fatal": true, "Fatalf": true, "Fatalln": true, "Fatalw": true,
	"Panic": true, "Panicf": true, "Panicln": true, "Panicw": true,
}

// requeueMethods put a key back on a work queue, so the work is retried.

var RequeueMethodNames = map[string]bool{"AddRateLimited": true, "AddAfter": true, "Add": true}

// reconcileResult is controller-runtime's reconcile.Result and the fields
// that ask for a requeue.

var RequeueFields = map[string]bool{"Requeue": true, "RequeueAfter": true}

// Where an error fails a test: testify's packages (every function is an
// assertion), gomega's entry points, and testing's types (all but their
// logging methods).
var TestSurfacePackages = map[string]bool{
	"github.com/stretchr/testify/assert":  true,
	"github.com/stretchr/testify/require": true,
}

var TestSurfaceFuncs = map[FuncKey]bool{
	{"github.com/onsi/gomega", "Expect"}: true, {"github.com/onsi/gomega", "Ω"}: true,
	{"github.com/onsi/gomega", "ExpectWithOffset"}: true, {"github.com/onsi/gomega", "Eventually"}: true,
	{"github.com/onsi/gomega", "EventuallyWithOffset"}: true, {"github.com/onsi/gomega", "Consistently"}: true,
	{KubeE2EFramework, "ExpectNoError"}: true, {KubeE2EFramework, "ExpectNoErrorWithOffset"}: true,
}

// KubeE2EFramework is Kubernetes' e2e framework, which many operators'
// e2e suites use. It is known by name because the standalone command reads
// a dependency module from export data, without the facts that would show
// its helpers fail the spec.
const KubeE2EFramework = "k8s.io/kubernetes/test/e2e/framework"

// TestEndFuncs fail the running test and never return (ginkgo panics to
// unwind the spec and recovers).
var TestEndFuncs = map[FuncKey]bool{
	{"github.com/onsi/ginkgo/v2", "Fail"}: true, {"github.com/onsi/ginkgo", "Fail"}: true,
	{KubeE2EFramework, "Failf"}: true,
}

var TestSurfaceTypes = map[FuncKey]bool{
	{"testing", "T"}: true, {"testing", "B"}: true, {"testing", "F"}: true, {"testing", "common"}: true,
	{"github.com/stretchr/testify/assert", "Assertions"}:  true,
	{"github.com/stretchr/testify/require", "Assertions"}: true,
	{"github.com/onsi/gomega/types", "Gomega"}:            true,
	{"github.com/onsi/gomega", "WithT"}:                   true,
}

// ActingRunnerPackages take functions as `any` and act on the error one
// returns: ginkgo fails the spec (its bodies, DeferCleanup), gomock returns
// DoAndReturn's results to the mocked call's caller.
var ActingRunnerPackages = map[string]bool{
	"github.com/onsi/ginkgo/v2":     true,
	"github.com/onsi/ginkgo":        true,
	"go.uber.org/mock/gomock":       true,
	"github.com/golang/mock/gomock": true,
}

// TestLogMethods only log: the test goes on.
var TestLogMethods = map[string]bool{"Log": true, "Logf": true}

// Functions that never return a nil error, and functions that return a
// non-nil error exactly when one of their error arguments is non-nil.
var NeverNilFuncs = map[FuncKey]bool{
	{"fmt", "Errorf"}: true, {"errors", "New"}: true,
	{"github.com/pkg/errors", "New"}: true, {"github.com/pkg/errors", "Errorf"}: true,
	// knative's requeue errors, which its reconcilers return to come back
	// later (a dependency's facts are not computed: its syntax is dropped).
	{"knative.dev/pkg/controller", "NewRequeueAfter"}: true, {"knative.dev/pkg/controller", "NewRequeueImmediately"}: true,
}

// CodedErrorFuncs build an error from a status code and a message
// (gRPC's status.Error and Errorf): nil only for the code OK (0), so never
// nil for another constant code.
var CodedErrorFuncs = map[FuncKey]bool{
	{"google.golang.org/grpc/status", "Error"}: true, {"google.golang.org/grpc/status", "Errorf"}: true,
}

var NilPreservingFuncs = map[FuncKey]bool{
	{"errors", "Join"}:                true,
	{"github.com/pkg/errors", "Wrap"}: true, {"github.com/pkg/errors", "Wrapf"}: true,
	{"github.com/pkg/errors", "WithMessage"}: true, {"github.com/pkg/errors", "WithMessagef"}: true,
	{"github.com/pkg/errors", "WithStack"}: true,
}

// AggregateFuncs build one error from a list of errors: nil only when the
// list is empty or holds only nil errors (NewAggregate(list),
// errors.Join(list...)).
var AggregateFuncs = map[FuncKey]bool{
	{"k8s.io/apimachinery/pkg/util/errors", "NewAggregate"}: true,
	{"errors", "Join"}: true,
}

// ErrorChainFuncs walk an error's chain: errors.Is against a target that
// is not the Conflict's own value is false on it, errors.As is decided by
// its target's type. github.com/pkg/errors' Is and As call the standard
// library's.
var ErrorChainFuncs = map[FuncKey]string{
	{"errors", "Is"}: "Is", {"errors", "As"}: "As",
	{"github.com/pkg/errors", "Is"}: "Is", {"github.com/pkg/errors", "As"}: "As",
}

// ErrorUnwrappers return the error their argument wraps, or the root of
// its chain: a Conflict test of their result tests the error itself.
var ErrorUnwrappers = map[FuncKey]bool{
	{"errors", "Unwrap"}: true, {"github.com/pkg/errors", "Cause"}: true,
	{"github.com/pkg/errors", "Unwrap"}:        true,
	{"github.com/cockroachdb/errors", "Cause"}: true, {"github.com/cockroachdb/errors", "UnwrapAll"}: true,
}

// PeriodicFuncs run their func argument again and again on a timer,
// whatever it does: a function that reads the object afresh each time
// retries a lost failure on its next turn.
var PeriodicFuncs = map[FuncKey]bool{
	{WaitPath, "Until"}: true, {WaitPath, "UntilWithContext"}: true, {WaitPath, "Forever"}: true,
	{WaitPath, "JitterUntil"}: true, {WaitPath, "JitterUntilWithContext"}: true,
	{WaitPath, "NonSlidingUntil"}: true, {WaitPath, "NonSlidingUntilWithContext"}: true,
}

// CronMethods run their func argument on a cron schedule, given as the
// first argument (`c.AddFunc("@every 1h", f)`): robfig/cron's.
var CronMethods = map[MethodKey]bool{
	{"github.com/robfig/cron", "Cron", "AddFunc"}:    true,
	{"github.com/robfig/cron/v3", "Cron", "AddFunc"}: true,
}

// PollFuncs run a condition until it reports done or an error.
var PollFuncs = map[FuncKey]bool{
	{WaitPath, "Poll"}: true, {WaitPath, "PollImmediate"}: true, {WaitPath, "PollInfinite"}: true,
	{WaitPath, "PollUntil"}: true, {WaitPath, "PollImmediateUntil"}: true,
	{WaitPath, "PollWithContext"}: true, {WaitPath, "PollImmediateWithContext"}: true,
	{WaitPath, "PollUntilContextTimeout"}: true, {WaitPath, "PollUntilContextCancel"}: true,
	{WaitPath, "PollImmediateInfinite"}: true, {WaitPath, "ExponentialBackoff"}: true,
	{WaitPath, "ExponentialBackoffWithContext"}: true,
}

// CobraPath is spf13/cobra: a command whose hook returns an error ends the
// one-shot program with it.
const CobraPath = "github.com/spf13/cobra"

// CobraErrorHooks are the fields of cobra.Command whose error ends the
// program.
var CobraErrorHooks = map[string]bool{
	"RunE": true, "PreRunE": true, "PostRunE": true,
	"PersistentPreRunE": true, "PersistentPostRunE": true,
}
