package upstream

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
)

// IsUpstream reports whether pkg belongs to one of the Kubernetes modules
// whose behaviour the tables describe (client-go, apimachinery, api,
// controller-runtime): their functions are never analyzed for facts.
func IsUpstream(pkg *types.Package) bool {
	return IsUpstreamPath(syntax.PkgPath(pkg))
}

// IsUpstreamPath is IsUpstream by import path.
func IsUpstreamPath(path string) bool {
	for _, prefix := range upstreamPrefixes {
		if HasPrefixPath(path, prefix) {
			return true
		}
	}
	return false
}

// Callee returns the function or method call calls (its generic origin),
// or nil for calls of func values, conversions and builtins.
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeinfo.Callee(info, call).(*types.Func)
	return fn
}

// CalleesOf returns the functions and methods body calls by name (nested
// literals included), each once, in source order, generic ones by their
// origin: the edges of a call graph where the model has not scanned the
// body (its scan gives the walked functions' edges).
func CalleesOf(info *types.Info, body *ast.BlockStmt) []*types.Func {
	var out []*types.Func
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if fn := Callee(info, call); fn != nil && !slices.Contains(out, fn.Origin()) {
				out = append(out, fn.Origin())
			}
		}
		return true
	})
	return out
}

// CalleeVar returns the variable or field whose func value call calls, or
// nil for any other call.
func CalleeVar(info *types.Info, call *ast.CallExpr) *types.Var {
	v, _ := typeinfo.Callee(info, call).(*types.Var)
	return v
}

// FuncValue returns the function or method e names as a value (f, pkg.F,
// the method value r.sync, f[int]), or nil. It resolves e as it would
// resolve the callee of e(...), so a value and a call name one object.
func FuncValue(info *types.Info, e ast.Expr) *types.Func {
	return Callee(info, &ast.CallExpr{Fun: e})
}

// IsCallTo reports whether call calls the package-level function key.
func IsCallTo(info *types.Info, call *ast.CallExpr, key FuncKey) bool {
	fn := Callee(info, call)
	return fn != nil && FuncKeyOf(fn) == key
}

// CalledBuiltin returns the name of the builtin call calls (panic,
// append; Sizeof for unsafe.Sizeof), or "" when it calls no builtin.
func CalledBuiltin(info *types.Info, call *ast.CallExpr) string {
	if b, ok := typeinfo.Callee(info, call).(*types.Builtin); ok {
		return b.Name()
	}
	return ""
}

// FuncKeyOf names a package-level function; the zero key for methods and
// for functions without a package.
func FuncKeyOf(fn *types.Func) FuncKey {
	if fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return FuncKey{}
	}
	return FuncKey{syntax.PkgPath(fn.Pkg()), fn.Name()}
}

// MethodKeyOf names a method by its declaring named type; the zero key for
// functions and methods of unnamed types.
func MethodKeyOf(fn *types.Func) MethodKey {
	recv := fn.Signature().Recv()
	if recv == nil || fn.Pkg() == nil {
		return MethodKey{}
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return MethodKey{}
	}
	return MethodKey{syntax.PkgPath(named.Obj().Pkg()), named.Obj().Name(), fn.Name()}
}

// IsErrorSlice reports whether t is a slice of errors ([]error).
func IsErrorSlice(t types.Type) bool {
	if t == nil {
		return false
	}
	s, ok := t.Underlying().(*types.Slice)
	return ok && IsErrorType(s.Elem())
}

// IsErrorType reports whether t is the predeclared error type.
func IsErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// IsErrorInterface reports whether t is error or an interface type that
// includes it (a project's `type ObError interface{ error; Status() int }`):
// a value of it converts to a non-nil error exactly when it is non-nil.
func IsErrorInterface(t types.Type) bool {
	if t == nil || !types.IsInterface(t) {
		return false
	}
	return types.Implements(t, types.Universe.Lookup("error").Type().Underlying().(*types.Interface))
}

// EndsInErrorInterface is EndsInError for a last result of an error
// interface (IsErrorInterface).
func EndsInErrorInterface(sig *types.Signature) bool {
	res := sig.Results()
	return res.Len() > 0 && IsErrorInterface(res.At(res.Len()-1).Type())
}

// EndsInError reports whether sig's last result is written error.
func EndsInError(sig *types.Signature) bool {
	res := sig.Results()
	return res.Len() > 0 && IsErrorType(res.At(res.Len()-1).Type())
}

// isTypedPatch reports whether sig takes a types.PatchType and then the
// patch body, as client-go's typed and dynamic Patch do.
func isTypedPatch(sig *types.Signature) bool { return PatchDataIndex(sig) >= 0 }

// PatchDataIndex returns the index of the []byte parameter that follows a
// types.PatchType parameter (the patch body), or -1.
func PatchDataIndex(sig *types.Signature) int {
	params := sig.Params()
	for i := 0; i+1 < params.Len(); i++ {
		if IsNamed(params.At(i).Type(), patchTypesPath, "PatchType") && isByteSlice(params.At(i+1).Type()) {
			return i + 1
		}
	}
	return -1
}

func isByteSlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

func IsTypeParam(t types.Type) bool {
	_, ok := t.(*types.TypeParam)
	return ok
}

// IsNamed reports whether t is the named type pkg.name.
func IsNamed(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && syntax.PkgPath(n.Obj().Pkg()) == pkg && n.Obj().Name() == name
}

// HasPrefixPath reports whether path is prefix or lies under it.
func HasPrefixPath(path, prefix string) bool {
	if strings.HasSuffix(prefix, "/") {
		return strings.HasPrefix(path, prefix)
	}
	return path == prefix || strings.HasPrefix(path, prefix+"/")
}

// FirstFuncParam returns the index of fn's first parameter of func type,
// or -1.
func FirstFuncParam(fn *types.Func) int {
	params := fn.Signature().Params()
	for i := range params.Len() {
		if _, ok := params.At(i).Type().Underlying().(*types.Signature); ok {
			return i
		}
	}
	return -1
}

// IsClientWrite reports whether call sends a change to the API server
// through a client, whether or not it can conflict: a controller-runtime
// Create, Update or Patch (of the object or a subresource), or a typed or
// dynamic client's Patch.
func IsClientWrite(info *types.Info, call *ast.CallExpr) bool {
	fn := Callee(info, call)
	if fn == nil {
		return false
	}
	if DecodingWriters[MethodKeyOf(fn)] {
		return true
	}
	return fn.Name() == "Patch" && fn.Signature().Recv() != nil && PatchDataIndex(fn.Signature()) >= 0
}

// FatalEvent reports whether call, a method of a zerolog event, belongs to
// a chain begun by a Fatal or Panic level (`log.Fatal().Err(err).Msg(m)`):
// sending that event ends the program.
func FatalEvent(info *types.Info, call *ast.CallExpr) bool {
	for call != nil {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		fn := Callee(info, call)
		if fn == nil || fn.Pkg() == nil || !strings.HasPrefix(syntax.PkgPath(fn.Pkg()), ZerologPath) {
			return false
		}
		if FatalEventLevels[fn.Name()] {
			return true
		}
		call, _ = ast.Unparen(sel.X).(*ast.CallExpr)
	}
	return false
}
