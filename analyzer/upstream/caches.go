package upstream

// Informer caches (listermutation): where cache-owned objects come from and
// which upstream calls change the objects they are given.

const (
	CachePath           = "k8s.io/client-go/tools/cache"
	ListersPath         = "k8s.io/client-go/listers"
	LabelsPath          = "k8s.io/apimachinery/pkg/labels"
	UnsafeNoDeepCopy    = "UnsafeDisableDeepCopyOption"
	ResourceIndexerName = "ResourceIndexer"
)

// StoreReads are the methods of client-go's cache stores whose first
// result is the cache's own object (cacheItem) or a fresh slice of them
// (cacheItems).
var StoreReads = map[MethodKey]CacheReadKind{
	{CachePath, "Store", "Get"}:                   CacheItem,
	{CachePath, "Store", "GetByKey"}:              CacheItem,
	{CachePath, "Store", "List"}:                  CacheItems,
	{CachePath, "Indexer", "ByIndex"}:             CacheItems,
	{CachePath, "Indexer", "Index"}:               CacheItems,
	{CachePath, "ThreadSafeStore", "Get"}:         CacheItem,
	{CachePath, "ThreadSafeStore", "List"}:        CacheItems,
	{CachePath, "ThreadSafeStore", "ByIndex"}:     CacheItems,
	{CachePath, "ThreadSafeStore", "Index"}:       CacheItems,
	{CachePath, "GenericLister", "Get"}:           CacheItem,
	{CachePath, "GenericLister", "List"}:          CacheItems,
	{CachePath, "GenericNamespaceLister", "Get"}:  CacheItem,
	{CachePath, "GenericNamespaceLister", "List"}: CacheItems,
	// wrangler's generic caches (its generated controllers' Cache()) hand
	// out the informer's own objects too.
	{WranglerGenericPath, "CacheInterface", "Get"}:                     CacheItem,
	{WranglerGenericPath, "CacheInterface", "List"}:                    CacheItems,
	{WranglerGenericPath, "CacheInterface", "GetByIndex"}:              CacheItems,
	{WranglerGenericPath, "NonNamespacedCacheInterface", "Get"}:        CacheItem,
	{WranglerGenericPath, "NonNamespacedCacheInterface", "List"}:       CacheItems,
	{WranglerGenericPath, "NonNamespacedCacheInterface", "GetByIndex"}: CacheItems,
}

// WranglerGenericPath is wrangler v3's generic controllers and caches.
const WranglerGenericPath = "github.com/rancher/wrangler/v3/pkg/generic"

// HandlerTypes are the informer event handler adapters; the funcs in the
// named fields receive the cache's objects. A delete handler's does not:
// the informer removes the object (or, for a tombstone, its last state)
// from its store before it calls the handler, so no reader of the cache
// sees what the handler does to it.
var HandlerTypes = map[FuncKey][]string{
	{CachePath, "ResourceEventHandlerFuncs"}:         {"AddFunc", "UpdateFunc"},
	{CachePath, "ResourceEventHandlerDetailedFuncs"}: {"AddFunc", "UpdateFunc"},
	{CachePath, "FilteringResourceEventHandler"}:     {"FilterFunc"},
}

// EventPath is controller-runtime's event package.
const EventPath = "sigs.k8s.io/controller-runtime/pkg/event"

// CacheEvents are controller-runtime's event types whose listed fields
// hold the informer's own objects: its source hands the objects of an
// add or an update to predicates and handlers as they are in the store.
// A delete's object has left the store (as above), and a generic event's
// comes from wherever its channel's sender took it.
var CacheEvents = map[string][]string{
	"TypedCreateEvent": {"Object"},
	"TypedUpdateEvent": {"ObjectOld", "ObjectNew"},
	// Before generics (controller-runtime 0.17) the events were plain
	// structs of these names; since then they are aliases of the above.
	"CreateEvent": {"Object"},
	"UpdateEvent": {"ObjectOld", "ObjectNew"},
}

// HandlerMethods are the methods of cache.ResourceEventHandler whose
// interface{} arguments are the cache's objects (OnDelete's is no longer
// in the cache, as above).
var HandlerMethods = map[string]bool{"OnAdd": true, "OnUpdate": true}

// MutatorFuncs change the object passed as the listed arguments.
var MutatorFuncs = func() map[FuncKey][]int {
	m := map[FuncKey][]int{
		{unstructuredPath, "SetNestedField"}:       {0},
		{unstructuredPath, "SetNestedStringMap"}:   {0},
		{unstructuredPath, "SetNestedSlice"}:       {0},
		{unstructuredPath, "SetNestedStringSlice"}: {0},
		{unstructuredPath, "SetNestedMap"}:         {0},
		{unstructuredPath, "RemoveNestedField"}:    {0},
	}
	for k := range PlainSetters {
		m[k] = []int{0}
	}
	for _, k := range ownerSetters {
		m[k] = []int{1}
	}
	return m
}()

// SetterPackages declare object types and interfaces whose Set* methods
// change the receiver (ObjectMeta, TypeMeta, metav1.Object, Unstructured).
var SetterPackages = map[string]bool{MetaV1Path: true, unstructuredPath: true}

// DecodingWriters are controller-runtime's writes, which decode the
// server's answer into the object they are given (argument 1).
var DecodingWriters = map[MethodKey]bool{
	{ClientPath, "Writer", "Create"}:            true,
	{ClientPath, "Writer", "Update"}:            true,
	{ClientPath, "Writer", "Patch"}:             true,
	{ClientPath, "SubResourceWriter", "Create"}: true,
	{ClientPath, "SubResourceWriter", "Update"}: true,
	{ClientPath, "SubResourceWriter", "Patch"}:  true,
	{ClientPath, "StatusWriter", "Update"}:      true,
	{ClientPath, "StatusWriter", "Patch"}:       true,
}

// ObjectDeletes are the deletes that name their object by value, with the
// index of that argument: controller-runtime's client.Delete(ctx, obj).
var ObjectDeletes = map[MethodKey]int{
	{ClientPath, "Writer", "Delete"}: 1,
}

// CrReads are controller-runtime's cached reads and the index of their
// object argument; with client.UnsafeDisableDeepCopy they hand out a
// shallow copy of the cache's object.
var CrReads = map[MethodKey]int{
	{ClientPath, "Reader", "Get"}:  2,
	{ClientPath, "Reader", "List"}: 1,
}
