package kube

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/kube/api"
	"github.com/conflictlint/conflictlint/analyzer/kube/cache"
	"golang.org/x/tools/go/analysis"
)

// scanUses makes the one pass over the package's identifier uses that the
// model needs. It returns the files of the package that the model walks,
// in their original order, or nil when the package never uses the
// Kubernetes API; and whether the package touches an informer cache (see
// Cache), which the same pass tells at little extra cost.
//
// A file is walked when it uses something the model knows (see
// isModeledUse), or calls a function declared in a walked file, to a fixed
// point: a same-package helper may write, retry or read, and its callers
// are where its Conflict is lost. The other files (API types, generated
// code, tests that never reach the code under test) cannot hold a write, a
// read or a retry that matters, so they cost that pass and nothing more.
// facts are the object facts the package sees (pass.AllObjectFacts): a
// call of a function with one is a modeled use.
func scanUses(pass *analysis.Pass, opts *api.Options, facts []analysis.ObjectFact) (files []*ast.File, touchesCache bool) {
	withFacts := make(map[types.Object]bool)
	for _, f := range facts {
		withFacts[f.Object] = true
	}
	fileOf := syntax.FileIndex(pass.Files)
	walked := make([]bool, len(pass.Files))
	calls := make([][]*types.Func, len(pass.Files)) // same-package functions each file uses
	modeled := false
	for id, obj := range pass.TypesInfo.Uses {
		if _, isFunc := obj.(*types.Func); !isFunc && (obj.Pkg() == nil || obj.Pkg() == pass.Pkg) {
			// Most uses: the package's own variables, types, constants and
			// imports, and builtins. None is a modeled use or a cache use,
			// since upstream packages are never modeled (reachesKubeAPI).
			continue
		}
		touchesCache = touchesCache || cache.IsUse(obj)
		i := fileOf(id.Pos())
		if i < 0 || walked[i] {
			continue
		}
		if api.IsModeledUse(obj, withFacts, opts) {
			walked[i], modeled = true, true
		} else if fn, ok := obj.(*types.Func); ok && fn.Pkg() == pass.Pkg {
			calls[i] = append(calls[i], fn.Origin())
		}
	}
	if !modeled {
		return nil, touchesCache
	}
	walkCallers(pass, walked, calls)
	for i, f := range pass.Files {
		if walked[i] {
			files = append(files, f)
		}
	}
	return files, touchesCache
}

// walkCallers marks as walked, to a fixed point, the files that call a
// function declared in a walked file; calls lists the same-package
// functions each file uses.
func walkCallers(pass *analysis.Pass, walked []bool, calls [][]*types.Func) {
	declaredIn := make(map[*types.Func]int)
	for i, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					declaredIn[fn] = i
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for i, fns := range calls {
			if !walked[i] && slices.ContainsFunc(fns, func(fn *types.Func) bool {
				j, ok := declaredIn[fn]
				return ok && walked[j]
			}) {
				walked[i], changed = true, true
			}
		}
	}
}
