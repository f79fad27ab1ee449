// Package cache is a test stub of k8s.io/client-go/tools/cache.
package cache

import (
	"context"
	"time"
)

// KeyFunc computes an object's store key.
type KeyFunc func(obj interface{}) (string, error)

// MetaNamespaceKeyFunc returns "namespace/name", or "name" for cluster-scoped objects.
func MetaNamespaceKeyFunc(obj interface{}) (string, error) { return "", nil }

// DeletionHandlingMetaNamespaceKeyFunc is MetaNamespaceKeyFunc that also
// understands deleted-object tombstones.
func DeletionHandlingMetaNamespaceKeyFunc(obj interface{}) (string, error) { return "", nil }

// SplitMetaNamespaceKey splits a key made by MetaNamespaceKeyFunc.
func SplitMetaNamespaceKey(key string) (namespace, name string, err error) { return "", "", nil }

// Store is a keyed object store.
type Store interface {
	Add(obj interface{}) error
	Update(obj interface{}) error
	Delete(obj interface{}) error
	List() []interface{}
	ListKeys() []string
	Get(obj interface{}) (item interface{}, exists bool, err error)
	GetByKey(key string) (item interface{}, exists bool, err error)
}

// Indexers maps index names to index functions.
type Indexers map[string]IndexFunc

// IndexFunc computes the index values of an object.
type IndexFunc func(obj interface{}) ([]string, error)

// Indexer is a Store with secondary indexes.
type Indexer interface {
	Store
	ByIndex(indexName, indexedValue string) ([]interface{}, error)
}

// ResourceEventHandler receives informer notifications.
type ResourceEventHandler interface {
	OnAdd(obj interface{}, isInInitialList bool)
	OnUpdate(oldObj, newObj interface{})
	OnDelete(obj interface{})
}

// ResourceEventHandlerFuncs adapts plain functions to ResourceEventHandler.
type ResourceEventHandlerFuncs struct {
	AddFunc    func(obj interface{})
	UpdateFunc func(oldObj, newObj interface{})
	DeleteFunc func(obj interface{})
}

func (r ResourceEventHandlerFuncs) OnAdd(obj interface{}, isInInitialList bool) {}
func (r ResourceEventHandlerFuncs) OnUpdate(oldObj, newObj interface{})         {}
func (r ResourceEventHandlerFuncs) OnDelete(obj interface{})                    {}

// ResourceEventHandlerRegistration is the handle of an added handler.
type ResourceEventHandlerRegistration interface {
	HasSynced() bool
}

// SharedInformer watches one resource and fans out notifications.
type SharedInformer interface {
	AddEventHandler(handler ResourceEventHandler) (ResourceEventHandlerRegistration, error)
	AddEventHandlerWithResyncPeriod(handler ResourceEventHandler, resyncPeriod time.Duration) (ResourceEventHandlerRegistration, error)
	RemoveEventHandler(handle ResourceEventHandlerRegistration) error
	GetStore() Store
	Run(stopCh <-chan struct{})
	RunWithContext(ctx context.Context)
	HasSynced() bool
	LastSyncResourceVersion() string
}

// SharedIndexInformer is a SharedInformer with an Indexer.
type SharedIndexInformer interface {
	SharedInformer
	AddIndexers(indexers Indexers) error
	GetIndexer() Indexer
}

// InformerSynced reports whether an informer has synced.
type InformerSynced func() bool

// WaitForCacheSync waits until every informer has synced or stopCh closes.
func WaitForCacheSync(stopCh <-chan struct{}, cacheSyncs ...InformerSynced) bool { return true }

// ResourceEventHandlerDetailedFuncs is ResourceEventHandlerFuncs whose
// AddFunc is told whether the object is from the initial list.
type ResourceEventHandlerDetailedFuncs struct {
	AddFunc    func(obj interface{}, isInInitialList bool)
	UpdateFunc func(oldObj, newObj interface{})
	DeleteFunc func(obj interface{})
}

func (r ResourceEventHandlerDetailedFuncs) OnAdd(obj interface{}, isInInitialList bool) {}
func (r ResourceEventHandlerDetailedFuncs) OnUpdate(oldObj, newObj interface{})         {}
func (r ResourceEventHandlerDetailedFuncs) OnDelete(obj interface{})                    {}

// FilteringResourceEventHandler passes to Handler the events whose objects
// FilterFunc accepts. The filter must not modify the objects it is given.
type FilteringResourceEventHandler struct {
	FilterFunc func(obj interface{}) bool
	Handler    ResourceEventHandler
}

func (r FilteringResourceEventHandler) OnAdd(obj interface{}, isInInitialList bool) {}
func (r FilteringResourceEventHandler) OnUpdate(oldObj, newObj interface{})         {}
func (r FilteringResourceEventHandler) OnDelete(obj interface{})                    {}

// DeletedFinalStateUnknown is the tombstone a DeleteFunc receives when the
// informer missed the deletion.
type DeletedFinalStateUnknown struct {
	Key string
	Obj interface{}
}

// PopProcessFunc processes an item a FIFO pops.
type PopProcessFunc func(obj interface{}, isInInitialList bool) error

// FIFO is a first-in first-out queue of keyed items.
type FIFO struct{}

// NewFIFO returns a FIFO that keys its items with keyFunc.
func NewFIFO(keyFunc KeyFunc) *FIFO { return &FIFO{} }

// Add queues obj, or replaces the queued item with its key.
func (f *FIFO) Add(obj interface{}) error { return nil }

// Pop waits for an item and hands it to process.
func (f *FIFO) Pop(process PopProcessFunc) (interface{}, error) { return nil, nil }

// Close stops the FIFO: Pop returns ErrFIFOClosed.
func (f *FIFO) Close() {}
