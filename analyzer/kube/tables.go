package kube

// Upstream knowledge lives here, apart from the matching logic, so that a new
// client version or API means a new table row rather than new code.

// APIErrorsPath is the import path of apimachinery's API errors, whose
// constructors build errors that IsConflict and its siblings recognise.
const APIErrorsPath = apiErrorsPath

// Import paths of the upstream packages the model knows.
const (
	crClientPath       = "sigs.k8s.io/controller-runtime/pkg/client"
	crControllerUtil   = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	crReconcilePath    = "sigs.k8s.io/controller-runtime/pkg/reconcile"
	dynamicPath        = "k8s.io/client-go/dynamic"
	unstructuredPath   = "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	retryPath          = "k8s.io/client-go/util/retry"
	waitPath           = "k8s.io/apimachinery/pkg/util/wait"
	apiErrorsPath      = "k8s.io/apimachinery/pkg/api/errors"
	metaV1Path         = "k8s.io/apimachinery/pkg/apis/meta/v1"
	workqueuePath      = "k8s.io/client-go/util/workqueue"
	restPath           = "k8s.io/client-go/rest"
	clientGoPrefix     = "k8s.io/client-go/"
	controllerRuntime  = "sigs.k8s.io/controller-runtime"
	updateOptionsName  = "UpdateOptions"
	optimisticLockName = "MergeFromWithOptimisticLock"
)

// Import paths the checks' fixes write into code.
const (
	ClientPath         = crClientPath
	ControllerUtilPath = crControllerUtil
	RetryPath          = retryPath
	MetaV1Path         = metaV1Path
	APIMetaPath        = "k8s.io/apimachinery/pkg/api/meta"
)

// clientAccessorPkgs hold client code whose accessor methods (CoreV1(),
// ConfigMaps(ns), Resource(gvr), Namespace(ns)) only build clients, as do
// those of generated CRD clientsets (a path holding clientsetPathPart).
var clientAccessorPkgs = []string{clientGoPrefix, controllerRuntime + "/"}

const clientsetPathPart = "/clientset/"

// errorPredicatePkgs hold predicates that are false for a nil error.
var errorPredicatePkgs = map[string]bool{
	apiErrorsPath: true,
	"errors":      true,
}

// IsErrorPredicatePkg reports whether the package at path holds predicates
// on an error that are false for a nil error (apierrors.IsConflict,
// errors.Is).
func IsErrorPredicatePkg(path string) bool { return errorPredicatePkgs[path] }

// relevantImports are the packages whose presence in a package's transitive
// imports means it may talk to the Kubernetes API: every write goes through
// a client built on client-go or controller-runtime. Prefixes end in "/".
var relevantImports = []string{
	clientGoPrefix,
	controllerRuntime,
}

// upstreamPrefixes are the Kubernetes modules whose behaviour is known from
// these tables; their own packages are never modeled (under go vet, that
// would mean walking all of client-go for facts nobody needs).
var upstreamPrefixes = []string{
	"k8s.io/api/",
	"k8s.io/apimachinery/",
	clientGoPrefix,
	controllerRuntime,
	"k8s.io/klog/",
}

// methodKey names a method by the package and type that declare it.
type methodKey struct{ pkg, typ, name string }

// funcKey names a package-level function.
type funcKey struct{ pkg, name string }

// writeMethods are interface methods that send an object with its
// resourceVersion. Patch is listed separately: it is conflict-prone only with
// an optimistic-lock patch.
var writeMethods = map[methodKey]WriteKind{
	{crClientPath, "Writer", "Update"}:                 WriteUpdate,
	{crClientPath, "SubResourceWriter", "Update"}:      WriteSubResourceUpdate,
	{crClientPath, "StatusWriter", "Update"}:           WriteSubResourceUpdate, // before v0.14 StatusWriter was its own interface
	{dynamicPath, "ResourceInterface", "Update"}:       WriteDynamicUpdate,
	{dynamicPath, "ResourceInterface", "UpdateStatus"}: WriteDynamicUpdate,
}

// patchMethods are the controller-runtime Patch methods; the patch argument
// decides whether the call is conflict-prone.
var patchMethods = map[methodKey]bool{
	{crClientPath, "Writer", "Patch"}:            true,
	{crClientPath, "SubResourceWriter", "Patch"}: true,
	{crClientPath, "StatusWriter", "Patch"}:      true,
}

// typedWriteNames are the method names that, with a typed client's shape
// (see typedUpdateObject), make a typed client-go, generated clientset or
// generic controller write.
var typedWriteNames = map[string]bool{"Update": true, "UpdateStatus": true}

// writeFuncs are package-level functions that read, mutate and Update.
var writeFuncs = map[funcKey]writeFunc{
	{crControllerUtil, "CreateOrUpdate"}: {clientArg: 1, objectArg: 2},
}

// funcAliases are package-level variables that upstream sets to a tabled
// function (controller-runtime's root package re-exports helpers this way);
// a call through one is a call of the function.
var funcAliases = map[funcKey]funcKey{
	{controllerRuntime, "CreateOrUpdate"}: {crControllerUtil, "CreateOrUpdate"},
}

type writeFunc struct{ clientArg, objectArg int }

// readMethods fill their object argument from the API server or a cache.
var readMethods = map[methodKey]int{
	{crClientPath, "Reader", "Get"}: 2,
}

// optimisticPatchBuilders build a patch that carries the resourceVersion when
// given a MergeFromWithOptimisticLock option.
var optimisticPatchBuilders = map[funcKey]bool{
	{crClientPath, "MergeFromWithOptions"}: true,
	{crClientPath, "StrategicMergeFrom"}:   true,
}

// retryFunc describes where a retry helper takes its function and, when it
// retries on a caller-chosen condition, where that condition is.
type retryFunc struct {
	fnArg int
	// predArg is the index of an error predicate that must test IsConflict
	// (retry.OnError), or -1.
	predArg int
	// needsConflictCheck: the function itself must test IsConflict for the
	// helper to retry on Conflict (wait's condition functions).
	needsConflictCheck bool
}

var retryFuncs = map[funcKey]retryFunc{
	{retryPath, "RetryOnConflict"}:              {fnArg: 1, predArg: -1},
	{retryPath, "OnError"}:                      {fnArg: 2, predArg: 1},
	{waitPath, "ExponentialBackoff"}:            {fnArg: 1, predArg: -1, needsConflictCheck: true},
	{waitPath, "ExponentialBackoffWithContext"}: {fnArg: 2, predArg: -1, needsConflictCheck: true},
	{waitPath, "PollUntilContextTimeout"}:       {fnArg: 4, predArg: -1, needsConflictCheck: true},
	{waitPath, "PollUntilContextCancel"}:        {fnArg: 3, predArg: -1, needsConflictCheck: true},
	{waitPath, "PollImmediate"}:                 {fnArg: 2, predArg: -1, needsConflictCheck: true},
	{waitPath, "Poll"}:                          {fnArg: 2, predArg: -1, needsConflictCheck: true},
}

// conflictChecks are the predicates that recognise a Conflict error.
var conflictChecks = map[funcKey]bool{
	{apiErrorsPath, "IsConflict"}: true,
}

// versionKeepers fill or decorate an object without giving it a
// resourceVersion: decoders of manifests, and metadata setters.
var versionKeepers = map[funcKey]bool{
	{"encoding/json", "Unmarshal"}: true, {"encoding/json", "Marshal"}: true, {"sigs.k8s.io/yaml", "Unmarshal"}: true,
	{"sigs.k8s.io/yaml", "UnmarshalStrict"}: true, {"gopkg.in/yaml.v2", "Unmarshal"}: true,
	{"gopkg.in/yaml.v3", "Unmarshal"}:            true,
	{crControllerUtil, "SetControllerReference"}: true, {crControllerUtil, "SetOwnerReference"}: true,
	{crControllerUtil, "AddFinalizer"}: true, {crControllerUtil, "RemoveFinalizer"}: true,
	{metaV1Path, "SetMetaDataAnnotation"}: true, {metaV1Path, "SetMetaDataLabel"}: true,
}

// versionKeepingDecoders are decoder types whose Decode fills a new object
// from a manifest.
var versionKeepingDecoders = map[funcKey]bool{
	{"k8s.io/apimachinery/pkg/util/yaml", "YAMLOrJSONDecoder"}: true,
	{"encoding/json", "Decoder"}:                               true,
}

// Functions and types an error commonly meets (the fate of an error).

// loggingFuncs print or record an error and let the program carry on.
var loggingFuncs = map[funcKey]bool{
	{"log", "Print"}: true, {"log", "Printf"}: true, {"log", "Println"}: true,
	{"fmt", "Print"}: true, {"fmt", "Printf"}: true, {"fmt", "Println"}: true,
	{"fmt", "Fprint"}: true, {"fmt", "Fprintf"}: true, {"fmt", "Fprintln"}: true,
	{"fmt", "Sprint"}: true, {"fmt", "Sprintf"}: true, {"fmt", "Sprintln"}: true,
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

// loggingTypes are types all of whose methods only log.
var loggingTypes = map[funcKey]bool{
	{"github.com/go-logr/logr", "Logger"}:              true,
	{"k8s.io/klog/v2", "Verbose"}:                      true,
	{"k8s.io/client-go/tools/record", "EventRecorder"}: true,
	{"go.uber.org/zap", "Logger"}:                      true,
	{"go.uber.org/zap", "SugaredLogger"}:               true,
	{"log/slog", "Logger"}:                             true,
	{"log", "Logger"}:                                  true,
}

// fatalFuncs end the program.
var fatalFuncs = map[funcKey]bool{
	{"log", "Fatal"}: true, {"log", "Fatalf"}: true, {"log", "Fatalln"}: true,
	{"log", "Panic"}: true, {"log", "Panicf"}: true, {"log", "Panicln"}: true,
	{"os", "Exit"}:              true,
	{"k8s.io/klog/v2", "Fatal"}: true, {"k8s.io/klog/v2", "Fatalf"}: true, {"k8s.io/klog/v2", "Fatalln"}: true,
	{"k8s.io/klog/v2", "FatalDepth"}: true,
	{"k8s.io/klog/v2", "Exit"}:       true, {"k8s.io/klog/v2", "Exitf"}: true, {"k8s.io/klog/v2", "Exitln"}: true,
}

// fatalMethods end the program too.
var fatalMethods = map[methodKey]bool{
	{"log", "Logger", "Fatal"}: true, {"log", "Logger", "Fatalf"}: true, {"log", "Logger", "Fatalln"}: true,
	{"log", "Logger", "Panic"}: true, {"log", "Logger", "Panicf"}: true, {"log", "Logger", "Panicln"}: true,
	{"go.uber.org/zap", "Logger", "Fatal"}: true, {"go.uber.org/zap", "Logger", "Panic"}: true,
	{"go.uber.org/zap", "SugaredLogger", "Fatal"}: true, {"go.uber.org/zap", "SugaredLogger", "Fatalf"}: true,
	// testing's Fatal family stops the test's goroutine: the test fails.
	{"testing", "common", "Fatal"}: true, {"testing", "common", "Fatalf"}: true, {"testing", "common", "FailNow"}: true,
	{"testing", "T", "Fatal"}: true, {"testing", "T", "Fatalf"}: true, {"testing", "T", "FailNow"}: true,
	{"testing", "B", "Fatal"}: true, {"testing", "B", "Fatalf"}: true, {"testing", "B", "FailNow"}: true,
}

// fatalLoggerNames are the names of the standard log package's functions
// that end the program; on a logger by shape (see isFatal) they end it too.
var fatalLoggerNames = map[string]bool{
	"Fatal": true, "Fatalf": true, "Fatalln": true, "Fatalw": true,
	"Panic": true, "Panicf": true, "Panicln": true, "Panicw": true,
}

// requeueMethods put a key back on a work queue, so the work is retried.

var requeueMethodNames = map[string]bool{"AddRateLimited": true, "AddAfter": true, "Add": true}

// reconcileResult is controller-runtime's reconcile.Result and the fields
// that ask for a requeue.

var requeueFields = map[string]bool{"Requeue": true, "RequeueAfter": true}

// Where an error fails a test: testify's packages (every function is an
// assertion), gomega's entry points, and testing's types (all but their
// logging methods).
var testSurfacePackages = map[string]bool{
	"github.com/stretchr/testify/assert":  true,
	"github.com/stretchr/testify/require": true,
}

var testSurfaceFuncs = map[funcKey]bool{
	{"github.com/onsi/gomega", "Expect"}: true, {"github.com/onsi/gomega", "Ω"}: true,
	{"github.com/onsi/gomega", "ExpectWithOffset"}: true, {"github.com/onsi/gomega", "Eventually"}: true,
	{"github.com/onsi/gomega", "EventuallyWithOffset"}: true, {"github.com/onsi/gomega", "Consistently"}: true,
}

var testSurfaceTypes = map[funcKey]bool{
	{"testing", "T"}: true, {"testing", "B"}: true, {"testing", "F"}: true, {"testing", "common"}: true,
	{"github.com/stretchr/testify/assert", "Assertions"}:  true,
	{"github.com/stretchr/testify/require", "Assertions"}: true,
	{"github.com/onsi/gomega/types", "Gomega"}:            true,
	{"github.com/onsi/gomega", "WithT"}:                   true,
}

// testLogMethods only log: the test goes on.
var testLogMethods = map[string]bool{"Log": true, "Logf": true}

// Functions that never return a nil error, and functions that return a
// non-nil error exactly when one of their error arguments is non-nil.
var neverNilFuncs = map[funcKey]bool{
	{"fmt", "Errorf"}: true, {"errors", "New"}: true,
	{"github.com/pkg/errors", "New"}: true, {"github.com/pkg/errors", "Errorf"}: true,
}

var nilPreservingFuncs = map[funcKey]bool{
	{"errors", "Join"}:                true,
	{"github.com/pkg/errors", "Wrap"}: true, {"github.com/pkg/errors", "Wrapf"}: true,
	{"github.com/pkg/errors", "WithMessage"}: true, {"github.com/pkg/errors", "WithMessagef"}: true,
	{"github.com/pkg/errors", "WithStack"}: true,
}

// periodicFuncs run their func argument again and again on a timer,
// whatever it does: a function that reads the object afresh each time
// retries a lost failure on its next turn.
var periodicFuncs = map[funcKey]bool{
	{waitPath, "Until"}: true, {waitPath, "UntilWithContext"}: true, {waitPath, "Forever"}: true,
	{waitPath, "JitterUntil"}: true, {waitPath, "JitterUntilWithContext"}: true,
	{waitPath, "NonSlidingUntil"}: true, {waitPath, "NonSlidingUntilWithContext"}: true,
}

// pollFuncs run a condition until it reports done or an error.
var pollFuncs = map[funcKey]bool{
	{waitPath, "Poll"}: true, {waitPath, "PollImmediate"}: true, {waitPath, "PollInfinite"}: true,
	{waitPath, "PollUntil"}: true, {waitPath, "PollImmediateUntil"}: true,
	{waitPath, "PollWithContext"}: true, {waitPath, "PollImmediateWithContext"}: true,
	{waitPath, "PollUntilContextTimeout"}: true, {waitPath, "PollUntilContextCancel"}: true,
	{waitPath, "PollImmediateInfinite"}: true, {waitPath, "ExponentialBackoff"}: true,
	{waitPath, "ExponentialBackoffWithContext"}: true,
}

// ---------------------------------------------------------------------------
// Informer caches (listermutation): where cache-owned objects come from and
// which upstream calls change the objects they are given.

const (
	cachePath           = "k8s.io/client-go/tools/cache"
	listersPath         = "k8s.io/client-go/listers"
	labelsPath          = "k8s.io/apimachinery/pkg/labels"
	unsafeNoDeepCopy    = "UnsafeDisableDeepCopyOption"
	resourceIndexerName = "ResourceIndexer"
)

// storeReads are the methods of client-go's cache stores whose first
// result is the cache's own object (cacheItem) or a fresh slice of them
// (cacheItems).
var storeReads = map[methodKey]CacheReadKind{
	{cachePath, "Store", "Get"}:                   CacheItem,
	{cachePath, "Store", "GetByKey"}:              CacheItem,
	{cachePath, "Store", "List"}:                  CacheItems,
	{cachePath, "Indexer", "ByIndex"}:             CacheItems,
	{cachePath, "Indexer", "Index"}:               CacheItems,
	{cachePath, "ThreadSafeStore", "Get"}:         CacheItem,
	{cachePath, "ThreadSafeStore", "List"}:        CacheItems,
	{cachePath, "ThreadSafeStore", "ByIndex"}:     CacheItems,
	{cachePath, "ThreadSafeStore", "Index"}:       CacheItems,
	{cachePath, "GenericLister", "Get"}:           CacheItem,
	{cachePath, "GenericLister", "List"}:          CacheItems,
	{cachePath, "GenericNamespaceLister", "Get"}:  CacheItem,
	{cachePath, "GenericNamespaceLister", "List"}: CacheItems,
}

// handlerTypes are the informer event handler adapters; the funcs in the
// named fields receive the cache's objects.
var handlerTypes = map[funcKey][]string{
	{cachePath, "ResourceEventHandlerFuncs"}:         {"AddFunc", "UpdateFunc", "DeleteFunc"},
	{cachePath, "ResourceEventHandlerDetailedFuncs"}: {"AddFunc", "UpdateFunc", "DeleteFunc"},
	{cachePath, "FilteringResourceEventHandler"}:     {"FilterFunc"},
}

// handlerMethods are the methods of cache.ResourceEventHandler: a type that
// implements it gets the cache's objects as their interface{} arguments.
var handlerMethods = map[string]bool{"OnAdd": true, "OnUpdate": true, "OnDelete": true}

// mutatorFuncs change the object passed as the listed arguments.
var mutatorFuncs = map[funcKey][]int{
	{metaV1Path, "SetMetaDataAnnotation"}:        {0},
	{metaV1Path, "SetMetaDataLabel"}:             {0},
	{crControllerUtil, "AddFinalizer"}:           {0},
	{crControllerUtil, "RemoveFinalizer"}:        {0},
	{crControllerUtil, "SetControllerReference"}: {1},
	{crControllerUtil, "SetOwnerReference"}:      {1},
	{metaPath, "SetStatusCondition"}:             {0},
	{metaPath, "RemoveStatusCondition"}:          {0},
	{unstructuredPath, "SetNestedField"}:         {0},
	{unstructuredPath, "SetNestedStringMap"}:     {0},
	{unstructuredPath, "SetNestedSlice"}:         {0},
	{unstructuredPath, "SetNestedStringSlice"}:   {0},
	{unstructuredPath, "SetNestedMap"}:           {0},
	{unstructuredPath, "RemoveNestedField"}:      {0},
}

const metaPath = "k8s.io/apimachinery/pkg/api/meta"

// setterPackages declare object types and interfaces whose Set* methods
// change the receiver (ObjectMeta, TypeMeta, metav1.Object, Unstructured).
var setterPackages = map[string]bool{metaV1Path: true, unstructuredPath: true}

// decodingWriters are controller-runtime's writes, which decode the
// server's answer into the object they are given (argument 1).
var decodingWriters = map[methodKey]bool{
	{crClientPath, "Writer", "Create"}:            true,
	{crClientPath, "Writer", "Update"}:            true,
	{crClientPath, "Writer", "Patch"}:             true,
	{crClientPath, "SubResourceWriter", "Create"}: true,
	{crClientPath, "SubResourceWriter", "Update"}: true,
	{crClientPath, "SubResourceWriter", "Patch"}:  true,
	{crClientPath, "StatusWriter", "Update"}:      true,
	{crClientPath, "StatusWriter", "Patch"}:       true,
}

// crReads are controller-runtime's cached reads and the index of their
// object argument; with client.UnsafeDisableDeepCopy they hand out a
// shallow copy of the cache's object.
var crReads = map[methodKey]int{
	{crClientPath, "Reader", "Get"}:  2,
	{crClientPath, "Reader", "List"}: 1,
}
