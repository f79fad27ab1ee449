package upstream

import (
	"go/types"
	"slices"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

// Reach tells the packages that can reach the Kubernetes client APIs from
// those that cannot, and among the latter those that can reach object
// types (builders of desired objects live there). One lives as long as the
// model analyzer: the import graphs of a program's packages overlap, and
// it walks each package of them once (see syntax.ImportReach).
type Reach struct {
	clients, objects *syntax.ImportReach
	crClient         *syntax.ImportFinder
}

// NewReach returns a Reach with empty memos.
func NewReach() *Reach {
	return &Reach{
		clients: syntax.NewImportReach(func(p *types.Package) bool {
			return slices.ContainsFunc(relevantImports, func(prefix string) bool { return HasPrefixPath(syntax.PkgPath(p), prefix) })
		}),
		objects:  syntax.NewImportReach(func(p *types.Package) bool { return syntax.PkgPath(p) == MetaV1Path }),
		crClient: syntax.NewImportFinder(func(p *types.Package) bool { return syntax.PkgPath(p) == ClientPath }),
	}
}

// CRClient returns controller-runtime's client package among pkg's
// transitive imports, or nil.
func (r *Reach) CRClient(pkg *types.Package) *types.Package {
	return r.crClient.From(pkg)
}

// ReachesObjects reports whether pkg, not an upstream package, can name
// Kubernetes object types (it reaches apimachinery's meta/v1).
func (r *Reach) ReachesObjects(pkg *types.Package) bool {
	return !IsUpstream(pkg) && r.objects.From(pkg)
}

// ReachesKubeAPI reports whether pkg, or anything it imports transitively,
// is one of the Kubernetes client packages. A package that fails this test
// cannot call a write, so the analyzers skip it at once.
func (r *Reach) ReachesKubeAPI(pkg *types.Package) bool {
	return !IsUpstream(pkg) && r.clients.From(pkg)
}

// ModeledMethodNames are the names of the methods the tables know.
var ModeledMethodNames = func() map[string]bool {
	names := make(map[string]bool)
	for k := range WriteMethods {
		names[k.Name] = true
	}
	for k := range PatchMethods {
		names[k.Name] = true
	}
	for k := range ReadMethods {
		names[k.Name] = true
	}
	for n := range TypedWriteNames {
		names[n] = true
	}
	return names
}()

// IsModeledUse reports whether obj, used in the package, is something the
// model knows: a tabled function, a method that may be a client's write or
// read, a function that carries one of the model's facts (withFacts), or a
// configured retry wrapper or read helper.
func IsModeledUse(obj types.Object, withFacts map[types.Object]bool, opts *Options) bool {
	switch obj := obj.(type) {
	case *types.Func:
		return withFacts[obj.Origin()] || isModeledFunc(obj) ||
			opts.RetryWrappers.Has(obj) || opts.ReadHelpers.Has(obj)
	case *types.Var:
		if obj.Pkg() != nil {
			_, ok := FuncAliases[FuncKey{syntax.PkgPath(obj.Pkg()), obj.Name()}]
			return ok
		}
	}
	return false
}

// isModeledFunc reports whether fn is a tabled function, or a method with
// a tabled name whose signature takes a client type: controller-runtime's
// client.Object and options, an unstructured object of the dynamic client,
// or metav1.UpdateOptions of the typed clients.
func isModeledFunc(fn *types.Func) bool {
	sig := fn.Signature()
	if sig.Recv() == nil {
		if fn.Pkg() == nil {
			return false
		}
		k := FuncKey{syntax.PkgPath(fn.Pkg()), fn.Name()}
		_, write := WriteFuncs[k]
		_, retry := RetryFuncs[k]
		return write || retry || ConflictChecks[k]
	}
	if !ModeledMethodNames[fn.Name()] {
		return false
	}
	if TypedWriteNames[fn.Name()] && sig.Params().Len() == 1 && CarriesResourceVersion(sig.Params().At(0).Type()) {
		return true // Update(*T) of client-go before v0.18 and wrangler
	}
	if fn.Name() == "Patch" && isTypedPatch(sig) {
		return true // a typed client's Patch, whose body may be the whole object
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if isClientType(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}

// isClientType reports whether t (or what it points to, or its elements)
// is a type of controller-runtime's client package, of the dynamic client's
// unstructured objects, or metav1.UpdateOptions.
func isClientType(t types.Type) bool {
	for {
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		case *types.Named:
			pkg := u.Obj().Pkg()
			if pkg == nil {
				return false
			}
			return syntax.PkgPath(pkg) == ClientPath || syntax.PkgPath(pkg) == unstructuredPath ||
				syntax.PkgPath(pkg) == MetaV1Path && u.Obj().Name() == UpdateOptionsName
		}
		return false
	}
}
