package model

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A client-go controller often registers its handlers on an informer kept
// in a variable or in a field of a shared struct (a datastore built in
// another package holds `SettingInformer cache.SharedInformer`). The field's
// type no longer says which kind it watches; the assignment that stored
// `settings.Informer()` does. informerKinds follows such stores, within the
// package and, for fields, across packages by InformerKindFact.

// informerKinds names the kind each informer variable or field watches.
type informerKinds struct {
	info *types.Info
	// stored are the package's variables and fields that every store in
	// view sets to an informer of one kind; "" marks one that is set to
	// something else too.
	stored map[*types.Var]string
	// imported gives the kind of another package's field (its fact).
	imported func(*types.Var) string
}

// findInformerKinds reads the stores of files.
func findInformerKinds(info *types.Info, files []*ast.File, imported func(*types.Var) string) *informerKinds {
	k := &informerKinds{info: info, stored: map[*types.Var]string{}, imported: imported}
	if !slices.ContainsFunc(files, importsCache) {
		return k // no informer field or variable is declared in the package
	}
	for _, file := range files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok {
					k.noteStore(info.Uses[id], n.Value)
				}
			case *ast.AssignStmt:
				k.noteAssign(n)
			case *ast.ValueSpec:
				for i, id := range n.Names {
					if len(n.Values) == len(n.Names) {
						k.noteStore(info.Defs[id], n.Values[i])
					}
				}
			}
			return true
		})
	}
	return k
}

func (k *informerKinds) noteAssign(as *ast.AssignStmt) {
	for i, lhs := range as.Lhs {
		var target types.Object
		switch l := ast.Unparen(lhs).(type) {
		case *ast.Ident:
			target = k.info.ObjectOf(l)
		case *ast.SelectorExpr:
			target = k.info.Uses[l.Sel]
		}
		if len(as.Lhs) != len(as.Rhs) {
			k.noteStore(target, nil)
			continue
		}
		k.noteStore(target, as.Rhs[i])
	}
}

// noteStore records that obj is set to value (nil: to a value not in
// view). Only variables of an informer's interface type are kept.
func (k *informerKinds) noteStore(obj types.Object, value ast.Expr) {
	v, ok := obj.(*types.Var)
	if !ok || !isInformerType(v.Type()) {
		return
	}
	kind := ""
	if value != nil {
		kind = k.of(value)
	}
	if prev, seen := k.stored[v]; seen && prev != kind {
		kind = ""
	}
	k.stored[v] = kind
}

// of returns the kind the informer e watches, or "".
func (k *informerKinds) of(e ast.Expr) string {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		return typedInformerKind(k.info, e)
	case *ast.Ident:
		if v, ok := k.info.Uses[e].(*types.Var); ok {
			return k.stored[v]
		}
	case *ast.SelectorExpr:
		v, ok := k.info.Uses[e.Sel].(*types.Var)
		if !ok {
			return ""
		}
		if kind, ok := k.stored[v]; ok {
			return kind
		}
		if k.imported != nil {
			return k.imported(v)
		}
	}
	return ""
}

// fieldKinds returns the package's fields that watch one kind, for facts.
func (k *informerKinds) fieldKinds() map[*types.Var]string {
	out := map[*types.Var]string{}
	for v, kind := range k.stored {
		if v.IsField() && kind != "" {
			out[v] = kind
		}
	}
	return out
}

// typedInformerKind returns the kind of `x.Informer()` where x is a typed
// informer: its Lister() gives a lister whose List returns []*Kind.
func typedInformerKind(info *types.Info, call *ast.CallExpr) string {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Informer" || len(call.Args) != 0 {
		return ""
	}
	informer := namedOf(info.TypeOf(sel.X))
	if informer == nil {
		return ""
	}
	lister, _, _ := types.LookupFieldOrMethod(informer.Type(), true, nil, "Lister")
	if lf, ok := lister.(*types.Func); ok && lf.Signature().Results().Len() == 1 {
		return kindKey(listedKind(lf.Signature().Results().At(0).Type()))
	}
	return ""
}

// importsCache reports whether file imports client-go's cache package,
// whose SharedInformer types informer variables and fields have.
func importsCache(file *ast.File) bool {
	for _, spec := range file.Imports {
		if strings.Trim(spec.Path.Value, "`\"") == upstream.CachePath {
			return true
		}
	}
	return false
}

// isInformerType reports whether t is one of client-go cache's informer
// interfaces: it has their handler registration methods.
func isInformerType(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || syntax.PkgPath(n.Obj().Pkg()) != upstream.CachePath {
		return false
	}
	m, _, _ := types.LookupFieldOrMethod(t, true, nil, "AddEventHandler")
	fn, ok := m.(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == upstream.CachePath && isHandlerRegistration(fn)
}

// kindKey names a kind across packages: its package path and name.
func kindKey(tn *types.TypeName) string {
	if tn == nil || tn.Pkg() == nil {
		return ""
	}
	return tn.Pkg().Path() + "." + tn.Name()
}
