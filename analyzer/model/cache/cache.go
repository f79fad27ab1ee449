// Package cache is the model's view of informer caches: which expressions
// hold objects that belong to a client-go informer's cache (results of
// listers, indexers and stores, the arguments of event handlers) or to
// controller-runtime's cache (reads made with client.UnsafeDisableDeepCopy),
// and which upstream calls change the objects they are given. The
// listermutation analyzer reports changes made to such objects in place.
package cache

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// Cache is the informer-cache view of one package.
type Cache struct {
	info *types.Info
	// HandlerParams maps the interface{} parameters of informer event
	// handlers (functions in ResourceEventHandlerFuncs and
	// FilteringResourceEventHandler, OnAdd/OnUpdate/OnDelete methods of a
	// cache.ResourceEventHandler) to the function that declares them.
	HandlerParams map[*types.Var]ast.Node
	// EventParams maps the parameters of controller-runtime create and
	// update event types (of predicates and handlers) to the function
	// that declares them; the fields of upstream.CacheEvents hold the
	// cache's objects.
	EventParams map[*types.Var]ast.Node
	// queues are the fields holding a work queue to which an event handler
	// adds its argument itself (`c.queue.Add(obj)`, not a key): what a
	// worker takes from them with Get is the cache's object.
	queues map[*types.Var]bool
}

// Find returns the informer-cache view of the package, event handlers
// included. The model calls it only for a package that touches a cache
// (see model.Result.Cache).
func Find(pass *analysis.Pass) *Cache {
	c := &Cache{info: pass.TypesInfo, HandlerParams: make(map[*types.Var]ast.Node), EventParams: make(map[*types.Var]ast.Node)}
	c.findHandlers(pass)
	c.findEventParams(pass)
	c.findQueues(pass)
	return c
}

// IsUse reports whether obj, used in a package, is one of the cache's
// reads or event handler types, or client.UnsafeDisableDeepCopy.
func IsUse(obj types.Object) bool {
	switch obj := obj.(type) {
	case *types.Func:
		return readKindOf(obj) != upstream.NotCacheRead || obj.Name() == "AddEventHandler" && inPkg(obj, upstream.CachePath)
	case *types.TypeName:
		if inPkg(obj, upstream.CachePath) {
			if _, ok := upstream.HandlerTypes[upstream.FuncKey{Pkg: upstream.CachePath, Name: obj.Name()}]; ok {
				return true
			}
		}
		if inPkg(obj, upstream.EventPath) && upstream.CacheEvents[obj.Name()] != nil {
			return true
		}
		return inPkg(obj, upstream.ClientPath) && obj.Name() == upstream.UnsafeNoDeepCopy
	case *types.Const:
		return inPkg(obj, upstream.ClientPath) && upstream.IsNamed(obj.Type(), upstream.ClientPath, upstream.UnsafeNoDeepCopy)
	}
	return false
}

func inPkg(obj types.Object, path string) bool {
	return obj.Pkg() != nil && syntax.PkgPath(obj.Pkg()) == path
}

// ReadAt classifies call as a read from an informer cache.
func (c *Cache) ReadAt(call *ast.CallExpr) upstream.CacheReadKind {
	fn := upstream.Callee(c.info, call)
	if fn == nil {
		return upstream.NotCacheRead
	}
	if k := readKindOf(fn); k != upstream.NotCacheRead {
		return k
	}
	if c.takesFromQueue(call, fn) {
		return upstream.CacheItem
	}
	if c.ShallowTarget(call) != nil {
		return upstream.CacheShallow
	}
	return upstream.NotCacheRead
}

// ShallowTarget returns the object argument of a controller-runtime Get or
// List made with client.UnsafeDisableDeepCopy, or nil.
func (c *Cache) ShallowTarget(call *ast.CallExpr) ast.Expr {
	fn := upstream.Callee(c.info, call)
	if fn == nil {
		return nil
	}
	i, ok := upstream.CrReads[upstream.MethodKeyOf(fn)]
	if !ok || len(call.Args) <= i {
		return nil
	}
	for _, arg := range call.Args[i+1:] {
		tv := c.info.Types[arg]
		if upstream.IsNamed(tv.Type, upstream.ClientPath, upstream.UnsafeNoDeepCopy) && tv.Value != nil &&
			tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value) {
			return call.Args[i]
		}
	}
	return nil
}

// IsRead reports whether call fills its object argument from the API
// server or a cache (a controller-runtime Get or List), so that the
// object no longer holds what it held before.
func (c *Cache) IsRead(call *ast.CallExpr) (ast.Expr, bool) {
	fn := upstream.Callee(c.info, call)
	if fn == nil {
		return nil, false
	}
	i, ok := upstream.CrReads[upstream.MethodKeyOf(fn)]
	if !ok || len(call.Args) <= i {
		return nil, false
	}
	return call.Args[i], true
}

// cacheReadKindOf classifies a callee: a store method, or a lister's Get
// or List. Listers are matched by shape, so generated listers of custom
// resources and the dynamic lister match too: a method Get(string) (X,
// error) or List(labels.Selector) ([]X, error) of an interface whose name
// ends in "Lister" (or of client-go's generic listers.ResourceIndexer).
func readKindOf(fn *types.Func) upstream.CacheReadKind {
	if fn.Name() != "Get" && fn.Name() != "List" && fn.Name() != "GetByKey" && fn.Name() != "ByIndex" && fn.Name() != "Index" && fn.Name() != "GetByIndex" {
		return upstream.NotCacheRead
	}
	key := upstream.MethodKeyOf(fn)
	if key.Name == "" {
		return upstream.NotCacheRead
	}
	if k, ok := upstream.StoreReads[key]; ok {
		return k
	}
	switch {
	case key.Pkg == upstream.ListersPath && key.Type == upstream.ResourceIndexerName:
	case strings.HasSuffix(key.Type, "Lister") && types.IsInterface(fn.Signature().Recv().Type()):
		// Generated listers are used through their interfaces; a concrete
		// type of the program that happens to be called a lister (a
		// wrapper, a mock) may well hand out copies.
	default:
		return upstream.NotCacheRead
	}
	sig := fn.Signature()
	if sig.Params().Len() != 1 || sig.Results().Len() != 2 || !upstream.IsErrorType(sig.Results().At(1).Type()) {
		return upstream.NotCacheRead
	}
	param, result := sig.Params().At(0).Type(), sig.Results().At(0).Type()
	switch fn.Name() {
	case "Get":
		if isString(param) && isReference(result) {
			return upstream.CacheItem
		}
	case "List":
		if s, ok := result.Underlying().(*types.Slice); ok && upstream.IsNamed(param, upstream.LabelsPath, "Selector") && isReference(s.Elem()) {
			return upstream.CacheItems
		}
	}
	return upstream.NotCacheRead
}

// MutatedArgs returns the expressions whose objects an upstream call
// changes: the receiver of a Set* method of an object type (SetLabels,
// SetFinalizers, ...), the arguments of helpers such as
// controllerutil.AddFinalizer or meta.SetStatusCondition, the object given
// to a controller-runtime Create, Update or Patch (which decode the
// server's answer into it), and the argument of DeepCopyInto.
func (c *Cache) MutatedArgs(call *ast.CallExpr) []ast.Expr {
	fn := upstream.Callee(c.info, call)
	if fn == nil {
		return nil
	}
	if sig := fn.Signature(); sig.Recv() != nil {
		key := upstream.MethodKeyOf(fn)
		switch {
		case upstream.SetterPackages[key.Pkg] && strings.HasPrefix(fn.Name(), "Set"):
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				return []ast.Expr{sel.X}
			}
		case upstream.DecodingWriters[key] && len(call.Args) > 1:
			return []ast.Expr{call.Args[1]}
		case fn.Name() == "DeepCopyInto" && len(call.Args) == 1:
			return []ast.Expr{call.Args[0]}
		}
		return nil
	}
	var out []ast.Expr
	for _, i := range upstream.MutatorFuncs[upstream.FuncKey{Pkg: pkgPath(fn), Name: fn.Name()}] {
		if i < len(call.Args) {
			out = append(out, call.Args[i])
		}
	}
	return out
}

// HandlerInterface returns client-go's cache.ResourceEventHandler as pkg
// sees it through its imports, or nil.
func HandlerInterface(pkg *types.Package) *types.Interface {
	cachePkg := syntax.FindPackage(pkg, upstream.CachePath)
	if cachePkg == nil {
		return nil
	}
	obj := cachePkg.Scope().Lookup("ResourceEventHandler")
	if obj == nil {
		return nil
	}
	iface, _ := obj.Type().Underlying().(*types.Interface)
	return iface
}

// findHandlers records the parameters of the package's event handlers.
func (c *Cache) findHandlers(pass *analysis.Pass) {
	decls := make(map[*types.Func]*ast.FuncDecl)
	iface := HandlerInterface(pass.Pkg)
	for fn, fd := range syntax.FuncDecls(pass.TypesInfo, pass.Files) {
		decls[fn] = fd
		// fd.Recv may be an empty list, `func () OnAdd(...)`, which
		// declares a function.
		if recv := fn.Signature().Recv(); iface != nil && upstream.HandlerMethods[fn.Name()] && recv != nil {
			if types.Implements(recv.Type(), iface) {
				c.addParams(fd, fd.Type)
			}
		}
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			fields := handlerFields(pass.TypesInfo.TypeOf(lit))
			if fields == nil {
				return true
			}
			for _, elt := range lit.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue // a positional element: no field name to go by
				}
				key, _ := kv.Key.(*ast.Ident)
				if key == nil || !slices.Contains(fields, key.Name) {
					continue
				}
				switch v := ast.Unparen(kv.Value).(type) {
				case *ast.FuncLit:
					c.addParams(v, v.Type)
				case *ast.Ident, *ast.SelectorExpr:
					if fd := decls[upstream.FuncValue(pass.TypesInfo, v)]; fd != nil {
						c.addParams(fd, fd.Type)
					}
				}
			}
			return true
		})
	}
}

// findEventParams records the parameters of controller-runtime create and
// update event types, in whatever function declares them: only
// controller-runtime's source makes such events outside tests.
func (c *Cache) findEventParams(pass *analysis.Pass) {
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			var ft *ast.FuncType
			switch n := n.(type) {
			case *ast.FuncDecl:
				ft = n.Type
			case *ast.FuncLit:
				ft = n.Type
			default:
				return true
			}
			for _, field := range ft.Params.List {
				for _, name := range field.Names {
					if v, _ := c.info.Defs[name].(*types.Var); v != nil && EventFields(v.Type()) != nil {
						c.EventParams[v] = n
					}
				}
			}
			return true
		})
	}
}

// EventFields returns the fields of t that hold the cache's objects when t
// is a controller-runtime create or update event, or nil.
func EventFields(t types.Type) []string {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || syntax.PkgPath(n.Obj().Pkg()) != upstream.EventPath {
		return nil
	}
	return upstream.CacheEvents[n.Origin().Obj().Name()]
}

// findQueues records the fields that hold a work queue an event handler
// adds its own argument to: `c.queue.Add(obj)` (also AddRateLimited,
// AddAfter) where obj is the handler's parameter.
func (c *Cache) findQueues(pass *analysis.Pass) {
	seen := make(map[ast.Node]bool)
	for _, fn := range c.HandlerParams {
		if seen[fn] {
			continue
		}
		seen[fn] = true
		ast.Inspect(fn, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok || !upstream.RequeueMethodNames[sel.Sel.Name] {
				return true
			}
			arg, ok := c.info.Uses[syntax.Ident(call.Args[0])].(*types.Var)
			if !ok || c.HandlerParams[arg] == nil {
				return true
			}
			if field := queueField(c.info, sel.X); field != nil {
				if c.queues == nil {
					c.queues = make(map[*types.Var]bool)
				}
				c.queues[field] = true
			}
			return true
		})
	}
}

// takesFromQueue reports whether call is `q.Get()` of a work queue that
// event handlers add the cache's objects to.
func (c *Cache) takesFromQueue(call *ast.CallExpr, fn *types.Func) bool {
	if len(c.queues) == 0 || fn.Name() != "Get" || len(call.Args) != 0 {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	field := queueField(c.info, sel.X)
	return field != nil && c.queues[field]
}

// queueField returns the field e selects (c.queue), or nil.
func queueField(info *types.Info, e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return nil
	}
	v, _ := s.Obj().(*types.Var)
	return v
}

// addParams records fn's interface{} parameters as handler arguments.
func (c *Cache) addParams(fn ast.Node, ft *ast.FuncType) {
	for _, field := range ft.Params.List {
		for _, name := range field.Names {
			v, _ := c.info.Defs[name].(*types.Var)
			if v != nil && types.IsInterface(v.Type()) {
				c.HandlerParams[v] = fn
			}
		}
	}
}

// handlerFields returns the func fields of an event handler adapter type.
func handlerFields(t types.Type) []string {
	if t == nil {
		return nil
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || syntax.PkgPath(n.Obj().Pkg()) != upstream.CachePath {
		return nil
	}
	return upstream.HandlerTypes[upstream.FuncKey{Pkg: upstream.CachePath, Name: n.Obj().Name()}]
}

func pkgPath(fn *types.Func) string {
	if fn.Pkg() == nil {
		return ""
	}
	return syntax.PkgPath(fn.Pkg())
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

// isReference reports whether t can hold an informer's object: an
// interface or a type parameter (a generic lister's T), or a pointer to a
// Kubernetes object. A pointer to anything else (kube-scheduler's NodeInfo,
// a summary of the scheduling cycle's snapshot) is not what an informer
// stores, whatever its lister is called.
func isReference(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Interface:
		return true
	case *types.Pointer:
		return upstream.CarriesResourceVersion(t)
	}
	return false
}

// Calls returns a view of the package that only classifies calls
// (ReadAt, ShallowTarget, IsRead, MutatedArgs), without the gate and
// without looking for event handlers: what a check of helpers that mutate
// their parameters needs in a package that never touches a cache itself.
func Calls(pass *analysis.Pass) *Cache {
	return &Cache{info: pass.TypesInfo, HandlerParams: map[*types.Var]ast.Node{}}
}
