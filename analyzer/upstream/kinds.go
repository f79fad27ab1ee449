package upstream

// WriteKind tells which API a conflict-prone write goes through.
type WriteKind int

var writeKindNames = [...]string{
	WriteUpdate:            "update",
	WriteSubResourceUpdate: "subresource-update",
	WriteOptimisticPatch:   "optimistic-patch",
	WriteCreateOrUpdate:    "create-or-update",
	WriteTypedUpdate:       "typed-update",
	WriteDynamicUpdate:     "dynamic-update",
	WriteObjectPatch:       "object-patch",
	WriteMergePatch:        "merge-patch",
}

func (k WriteKind) String() string { return writeKindNames[k] }

// RefreshesInPlace reports whether a successful write of this kind updates
// the object it was given (controller-runtime decodes the response into it),
// so that the object is fresh afterwards.
func (k WriteKind) RefreshesInPlace() bool {
	return k != WriteTypedUpdate && k != WriteDynamicUpdate && k != WriteObjectPatch
}

// CacheReadKind says what a call hands out of an informer cache.
type CacheReadKind int

const (
	NotCacheRead CacheReadKind = iota
	// CacheItem: the first result is an object of the cache (a lister's
	// Get, a store's Get or GetByKey).
	CacheItem
	// CacheItems: the first result is a fresh slice whose elements are
	// objects of the cache (a lister's List, a store's List, ByIndex).
	CacheItems
	// CacheShallow: a controller-runtime Get or List with
	// client.UnsafeDisableDeepCopy, which fills its object argument with a
	// shallow copy of the cache's object: the maps, slices and pointers it
	// holds are the cache's.
	CacheShallow
)

const (
	WriteUpdate            WriteKind = iota // controller-runtime client.Writer.Update
	WriteSubResourceUpdate                  // Status().Update, SubResource(name).Update
	WriteOptimisticPatch                    // Patch with MergeFromWithOptimisticLock
	WriteCreateOrUpdate                     // controllerutil.CreateOrUpdate
	WriteTypedUpdate                        // client-go typed or generated clientset Update/UpdateStatus
	WriteDynamicUpdate                      // dynamic ResourceInterface.Update/UpdateStatus
	WriteObjectPatch                        // typed or dynamic Patch whose body is the whole object, resourceVersion included
	WriteMergePatch                         // controller-runtime Patch with client.Merge: the whole object, resourceVersion included
)
