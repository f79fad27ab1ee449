// Package listermutation defines an Analyzer that reports objects of an
// informer cache changed in place.
//
// # Analyzer listermutation
//
// listermutation: report objects of an informer cache changed in place
//
// An object handed out by an informer's cache is the cache's own copy,
// shared with every other reader: the results of generated listers' Get and
// List (namespaced or not, for built-in kinds, custom resources and the
// dynamic lister), the items of a cache.Indexer or cache.Store (Get,
// GetByKey, List, ByIndex, after the type assertion), the results of
// wrangler v3's caches (a generated controller's Cache(): Get, List,
// GetByIndex), the arguments of
// informer event handlers (AddFunc, UpdateFunc and FilterFunc of
// cache.ResourceEventHandlerFuncs and cache.FilteringResourceEventHandler,
// OnAdd and OnUpdate of a cache.ResourceEventHandler; not a delete
// handler's, which the informer has taken out of its store), the objects
// of controller-runtime's create and update events (`e.Object`,
// `e.ObjectOld`, `e.ObjectNew` of an event.CreateEvent or UpdateEvent,
// typed or not, in a predicate or a handler: its source passes them on from
// the store as they are; an update's old object too, which on a resync is
// the store's object itself, the new one; not a delete's, nor a generic event's, whose
// object comes from the channel's sender), and the
// maps, slices and pointers of an object read through controller-runtime's
// cache with client.UnsafeDisableDeepCopy. A lister whose items are not
// Kubernetes objects (kube-scheduler's NodeInfoLister, over a scheduling
// cycle's snapshot of summaries) is no informer's. What such an object points to
// (a nested struct, a map, a slice, an element of a List) is shared too.
// So is the result of a function of the program that can return such an
// object on some path (a getLauncherJob that returns the lister's Job, or
// nil when there is none): its call is a read of the cache, in its own
// package and, through a fact, in the packages that call it. And so is the
// parameter of a method that implements an interface method which its
// package calls with such an object (a project's generic controller that
// reads the indexer and calls `c.handler.Handle(ctx, event, obj)`): every
// implementation, in the packages that import the interface's, is given
// the cache's object.
//
// Changing it in place corrupts the cache: other controllers and handlers
// see a change that was never written, later diffs against the cache miss
// real drift, and a later Update may send it. Writing the object right
// after the change does not help: the cache holds the change from then on,
// and keeps it when the write fails, so the next sync reads the changed
// object and may take the failed change for done. client-go's only guard
// is the opt-in KUBE_CACHE_MUTATION_DETECTOR, which panics at run time.
//
// A variable holds what its last assignment in the text gave it, with one
// exception, the create-if-missing shape: after `if v == nil { v, err =
// ...Create(...) }` with no else branch, v may still hold the cache's
// object, since the path that skips the branch is the one where v is not
// nil. Other branches go by the text, since their condition may mean that
// v is nil where they are skipped (`if v != nil { v = v.DeepCopy() }`).
//
// The analyzer reports the first change made to each such object: a field
// assignment at any depth, a map write or delete, ++ and --, an append that
// overwrites elements of a shared slice (append(s[:i], ...): an append to
// the whole slice writes only beyond its length, which no reader of the
// cache sees), a Set* method of the object's
// metadata (SetLabels, SetAnnotations, SetFinalizers, SetOwnerReferences),
// metav1.SetMetaDataAnnotation and SetMetaDataLabel, controllerutil's
// AddFinalizer, RemoveFinalizer, SetControllerReference and
// SetOwnerReference, meta.SetStatusCondition and RemoveStatusCondition,
// unstructured.SetNested* and RemoveNestedField, a controller-runtime
// Create, Update or Patch (which decode the server's answer into the object
// they are given), and a call of a function of the program that changes
// the parameter it is given (known across packages through facts), unless
// it changes it only under a bool parameter (`if del { delete(...) }`) and
// the call passes the constant that skips that branch.
//
// It stays quiet on copies (DeepCopy, DeepCopyObject, DeepCopyInto), on
// helpers that return a copy on every path, on reads, on objects built
// locally, on objects read through a
// controller-runtime client without UnsafeDisableDeepCopy (which returns
// deep copies), on client-go typed Update calls, which do not write
// into their argument, and on the program's own records kept in a store it
// made: a value asserted to a struct type that is no Kubernetes object and
// has no field that could hold one (the Job controller's backoff records).
//
// Before:
//
//	cm, err := c.cmLister.ConfigMaps(ns).Get(name)
//	if err != nil {
//		return err
//	}
//	cm.Data["owner"] = owner
//	_, err = c.client.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{})
//
// is reported as
//
//	assigning to cm.Data["owner"] changes cm in the informer cache: every reader sees the change, and the cache keeps it even if the write fails; DeepCopy cm after the read
//
// A change made by a helper of the package is reported at the call that
// hands it the object, with the change itself as a related position (the
// statement, however many helpers down); when another helper than the one
// called makes it, the message names it: `c.sync changes pod in the
// informer cache, in pinImages: ...`.
//
// After (what the suggested fix produces):
//
//	cm, err := c.cmLister.ConfigMaps(ns).Get(name)
//	cm = cm.DeepCopy()
//	if err != nil {
//		return err
//	}
//	cm.Data["owner"] = owner
//	_, err = c.client.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{})
//
// # Fixes
//
// The suggested fix inserts `v = v.DeepCopy()` right after the statement
// that read the local variable v from the cache or from a helper that
// returns the cache's object (or at the top of the range loop over a
// List), when v's type has a DeepCopy method; generated
// DeepCopy returns nil for nil, so a failed read is unchanged. Elsewhere (a
// read inside an if header, a changed element of a List used without a
// variable, an interface-typed variable) the finding comes without a fix.
package listermutation
