package fate

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A package's sentinel errors (`var ErrAcquireLock = errors.New("...")`)
// are never nil: a return of one after a failure hands a non-nil error on,
// as a return of `errors.New(...)` in place would. A package variable is a
// sentinel when it is declared with such a value and the package never
// assigns it again nor takes its address. An exported one is a sentinel of
// its importers too (a NeverNilErrorFact on the variable: tekton's
// `return v1alpha1.REQUEUE_EVENT_AFTER`, knative's requeue error).

// Likewise a variable, package-level or local, that every assignment
// gives a Result asking for a requeue (`requeueY := ctrl.Result{Requeue:
// true, RequeueAfter: period}`), whose fields are never set and whose
// address is never taken, asks for one wherever it is returned.

// findSentinels records the package's sentinel errors and its requeue
// variables, and shows also every node of the package's files on the way
// (one walk serves the summaries that read them all).
func (s *summarizer) findSentinels(also func(ast.Node)) {
	rq := requeueVars{k: s.k, holds: make(map[*types.Var]bool), changed: make(map[*types.Var]bool)}
	s.collectSentinels(s.k.model.Files(), func(n ast.Node) {
		rq.note(n)
		also(n)
	})
	s.k.sum.requeueVars = rq.final()
}

// collectSentinels records the sentinel errors declared in files, and
// shows also every node on the way.
func (s *summarizer) collectSentinels(files []*ast.File, also func(ast.Node)) {
	k := s.k
	k.sum.sentinels = make(map[*types.Var]bool)
	changed := make(map[*types.Var]bool)
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GenDecl:
				s.noteSentinelSpecs(n)
			case *ast.AssignStmt:
				for _, lhs := range n.Lhs {
					if v := packageVar(k, lhs); v != nil {
						changed[v] = true
					}
				}
			case *ast.UnaryExpr:
				if v := packageVar(k, n.X); n.Op == token.AND && v != nil {
					changed[v] = true
				}
			}
			if also != nil {
				also(n)
			}
			return true
		})
	}
	for v := range changed {
		delete(k.sum.sentinels, v)
	}
}

// requeueVars finds the variables that only ever hold a requeue Result.
type requeueVars struct {
	k       *knowledge
	holds   map[*types.Var]bool // given a requeue Result somewhere
	changed map[*types.Var]bool // given anything else, or exposed
}

func (rq *requeueVars) note(n ast.Node) {
	info := rq.k.info
	assign := func(id *ast.Ident, value ast.Expr) {
		v, ok := info.ObjectOf(id).(*types.Var)
		if !ok || !isResultShaped(v.Type()) {
			return
		}
		if value != nil && isRequeueResult(info, value) {
			rq.holds[v] = true
		} else {
			rq.changed[v] = true
		}
	}
	switch n := n.(type) {
	case *ast.ValueSpec:
		for i, id := range n.Names {
			var value ast.Expr
			if len(n.Values) == len(n.Names) {
				value = n.Values[i]
			}
			assign(id, value)
		}
	case *ast.AssignStmt:
		for i, lhs := range n.Lhs {
			var value ast.Expr
			if len(n.Rhs) == len(n.Lhs) {
				value = n.Rhs[i]
			}
			switch l := ast.Unparen(lhs).(type) {
			case *ast.Ident:
				assign(l, value)
			case *ast.SelectorExpr:
				if id, ok := ast.Unparen(l.X).(*ast.Ident); ok {
					assign(id, nil) // requeueY.Requeue = false
				}
			}
		}
	case *ast.RangeStmt:
		for _, e := range []ast.Expr{n.Key, n.Value} {
			if id, ok := e.(*ast.Ident); ok {
				assign(id, nil)
			}
		}
	case *ast.UnaryExpr:
		if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND {
			assign(id, nil)
		}
	}
}

func (rq *requeueVars) final() map[*types.Var]bool {
	for v := range rq.changed {
		delete(rq.holds, v)
	}
	return rq.holds
}

// isRequeueVar reports whether e names a variable that only ever holds a
// requeue Result.
func (k *knowledge) isRequeueVar(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := k.info.Uses[id].(*types.Var)
	return ok && k.sum.requeueVars[v]
}

// noteSentinelSpecs records the package-level error variables decl
// declares with a value that is never nil.
func (s *summarizer) noteSentinelSpecs(decl *ast.GenDecl) {
	k := s.k
	if decl.Tok != token.VAR {
		return
	}
	for _, spec := range decl.Specs {
		vs := spec.(*ast.ValueSpec)
		if len(vs.Values) != len(vs.Names) {
			continue
		}
		for i, name := range vs.Names {
			v, ok := k.info.Defs[name].(*types.Var)
			if ok && v.Parent() == k.pkg.Scope() && isErrorValue(v.Type()) && k.nonNilExpr(vs.Values[i], pathState{}) {
				k.sum.sentinels[v] = true
			}
		}
	}
}

// Sentinels returns the package's sentinel errors. The map is the
// tracer's own: read it, do not change it.
func (t *Tracer) Sentinels() map[*types.Var]bool { return t.k.sum.sentinels }

// PackageSentinels returns the sentinel errors of a package the model does
// not walk (one that reaches no Kubernetes client), declared in files;
// foreign holds the facts of the packages it imports.
func PackageSentinels(info *types.Info, pkg *types.Package, files []*ast.File, foreign Foreign) map[*types.Var]bool {
	if !DeclaresExportedError(info, files) {
		return nil // the common case, seen from the declarations alone
	}
	s := &summarizer{k: &knowledge{info: info, pkg: pkg, foreign: foreign}}
	s.collectSentinels(files, nil)
	return s.k.sum.sentinels
}

// DeclaresExportedError reports whether files declare an exported
// package-level variable of an error type.
func DeclaresExportedError(info *types.Info, files []*ast.File) bool {
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				for _, name := range spec.(*ast.ValueSpec).Names {
					if v, ok := info.Defs[name].(*types.Var); ok && name.IsExported() && isErrorValue(v.Type()) {
						return true
					}
				}
			}
		}
	}
	return false
}

// packageVar returns the package-level variable e names, or nil.
func packageVar(k *knowledge, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := k.info.Uses[id].(*types.Var)
	if !ok || k.pkg == nil || v.Parent() != k.pkg.Scope() {
		return nil
	}
	return v
}
