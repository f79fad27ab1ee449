package listermutation

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// MutatesFact: the function changes the objects given as the listed
// parameters (for a method, index 0 is the receiver and i+1 parameter i);
// Flags, when set, gives for each the bool parameter it needs (-1: none)
// and Values the value it needs there. It is exported only for this
// package's exported functions and methods that take a Kubernetes object,
// or a pointer to a struct, and change it.
type MutatesFact struct {
	Params []int
	Flags  []int
	Values []bool
}

func (*MutatesFact) AFact() {}

func (f *MutatesFact) String() string {
	out := fmt.Sprintf("mutates%v", f.Params)
	for i, flag := range f.Flags {
		if flag >= 0 {
			out += fmt.Sprintf(" %d:if[%d]=%v", f.Params[i], flag, f.Values[i])
		}
	}
	return out
}

// mutations returns the fact's parameters as Mutations.
func (f *MutatesFact) mutations() []Mutation {
	out := make([]Mutation, len(f.Params))
	for i, p := range f.Params {
		out[i] = Mutation{Param: p, Flag: -1}
		if i < len(f.Flags) && i < len(f.Values) {
			out[i].Flag, out[i].When = f.Flags[i], f.Values[i]
		}
	}
	return out
}

// mutatesFact encodes ms as a fact.
func mutatesFact(ms []Mutation) *MutatesFact {
	f := &MutatesFact{}
	guarded := false
	for _, m := range ms {
		f.Params = append(f.Params, m.Param)
		f.Flags = append(f.Flags, m.Flag)
		f.Values = append(f.Values, m.When)
		guarded = guarded || m.Flag >= 0
	}
	if !guarded {
		f.Flags, f.Values = nil, nil
	}
	return f
}

// exportFacts exports a MutatesFact for every exported function of the
// package, outside generated files, that takes an object and changes it,
// and, when reads says the package can read the cache (itself or through
// another package's function), a ReturnsCachedFact for every one that can
// return the cache's object. Only the signatures of the others are looked
// at.
func (c *checker) exportFacts(reads bool) {
	if c.factsUnread {
		return // no unit of the run imports the package
	}
	// Only a package that can see Kubernetes object metadata can change
	// an object; the standard library and the like are skipped at once.
	if !c.seesMetadata.From(c.pass.Pkg) {
		return
	}
	// A package with a _test.go file is a test variant: only test builds
	// import it, where the findings come from test files, which this
	// analyzer skips, or from packages also analyzed as themselves, with
	// the plain package's facts.
	if slices.ContainsFunc(c.pass.Files, func(f *ast.File) bool { return syntax.InTestFile(c.pass.Fset, f.Pos()) }) {
		return
	}
	for _, f := range c.pass.Files {
		if ast.IsGenerated(f) || syntax.InTestFile(c.pass.Fset, f.Pos()) {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !fd.Name.IsExported() {
				continue
			}
			fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil || !c.exposure.Importable(fn) {
				continue
			}
			if reads {
				c.exportReturnsFact(fn)
			}
			if !takesObject(fn.Signature()) || cannotMutate(c.pass.TypesInfo, fd.Body) {
				continue
			}
			if ms := c.mutatedParams(fn); len(ms) > 0 {
				c.pass.ExportObjectFact(fn, mutatesFact(ms))
			}
		}
	}
}

// cannotMutate reports whether body holds none of what the tracker
// reports a mutation at: an assignment or increment of anything but a
// variable, a call of delete or append, a call of a function or method
// (which may change its arguments). A getter or a predicate on an API
// type, most of the exported functions that take an object, changes
// nothing, and needs no summary to say so.
func cannotMutate(info *types.Info, body *ast.BlockStmt) bool {
	safe := true
	ast.Inspect(body, func(n ast.Node) bool {
		if !safe {
			return false // one is enough: skip the rest
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			safe = !slices.ContainsFunc(n.Lhs, notVariable)
		case *ast.IncDecStmt:
			safe = !notVariable(n.X)
		case *ast.CallExpr:
			safe = isConversion(info, n) || pureBuiltin(upstream.CalledBuiltin(info, n))
		}
		return safe
	})
	return safe
}

func notVariable(e ast.Expr) bool {
	_, ok := ast.Unparen(e).(*ast.Ident)
	return !ok
}

func isConversion(info *types.Info, call *ast.CallExpr) bool {
	tv, ok := info.Types[call.Fun]
	return ok && tv.IsType()
}

// pureBuiltin reports whether name is a builtin that changes no memory it
// is given ("" is no builtin).
func pureBuiltin(name string) bool {
	switch name {
	case "", "append", "delete", "copy", "clear":
		return false
	}
	return true
}

// takesObject reports whether sig has a receiver or parameter that can
// hold a Kubernetes object or a part of one: a pointer to an API type (a
// type with a generated DeepCopyInto method, as every API struct has), a
// pointer to a slice of them (conditions), or an interface with
// DeepCopyObject or GetLabels (runtime.Object, metav1.Object,
// client.Object). Controllers, options and the like are left alone.
func takesObject(sig *types.Signature) bool {
	check := func(t types.Type) bool {
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			if s, ok := u.Elem().Underlying().(*types.Slice); ok {
				return isAPIType(s.Elem())
			}
			return isAPIType(u.Elem())
		case *types.Interface:
			for i := 0; i < u.NumMethods(); i++ {
				if n := u.Method(i).Name(); n == "DeepCopyObject" || n == "GetLabels" {
					return true
				}
			}
		}
		return false
	}
	if r := sig.Recv(); r != nil && check(r.Type()) {
		return true
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if check(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}

// isAPIType reports whether *t has a DeepCopyInto method.
func isAPIType(t types.Type) bool {
	if _, ok := types.Unalias(t).(*types.Named); !ok {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, nil, "DeepCopyInto")
	_, ok := obj.(*types.Func)
	return ok
}
