package kube

// Upstream knowledge lives here, apart from the matching logic, so that a new
// client version or API means a new table row rather than new code.

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
	clientGoPrefix     = "k8s.io/client-go/"
	controllerRuntime  = "sigs.k8s.io/controller-runtime"
	updateOptionsName  = "UpdateOptions"
	optimisticLockName = "MergeFromWithOptimisticLock"
)

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

// typedWriteNames are the method names that, with the shape
// (context.Context, *T, metav1.UpdateOptions) (*T, error), make a typed
// client-go or generated clientset write.
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

// kindKey names an API type by package and name.
type kindKey struct{ pkg, name string }

// unconditionalKinds are built-in kinds whose registry strategy allows an
// update without a resourceVersion (AllowUnconditionalUpdate). Custom
// resources never do.
var unconditionalKinds = map[kindKey]bool{
	{"k8s.io/api/core/v1", "ConfigMap"}:             true,
	{"k8s.io/api/core/v1", "Secret"}:                true,
	{"k8s.io/api/core/v1", "Service"}:               true,
	{"k8s.io/api/core/v1", "Pod"}:                   true,
	{"k8s.io/api/core/v1", "ServiceAccount"}:        true,
	{"k8s.io/api/core/v1", "Endpoints"}:             true,
	{"k8s.io/api/core/v1", "PersistentVolumeClaim"}: true,
	{"k8s.io/api/core/v1", "Namespace"}:             true,
	{"k8s.io/api/apps/v1", "Deployment"}:            true,
	{"k8s.io/api/apps/v1", "ReplicaSet"}:            true,
	{"k8s.io/api/apps/v1", "DaemonSet"}:             true,
	{"k8s.io/api/apps/v1", "StatefulSet"}:           true,
	{"k8s.io/api/batch/v1", "Job"}:                  true,
	{"k8s.io/api/batch/v1", "CronJob"}:              true,
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
	{"testing", "T"}:                                   true,
	{"testing", "common"}:                              true,
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
}

// requeueMethods put a key back on a work queue, so the work is retried.

var requeueMethodNames = map[string]bool{"AddRateLimited": true, "AddAfter": true, "Add": true}

// reconcileResult is controller-runtime's reconcile.Result and the fields
// that ask for a requeue.

var requeueFields = map[string]bool{"Requeue": true, "RequeueAfter": true}

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
