package fate

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// Some runners end the program on an error their function returns. A
// command-line program built with cobra runs a command's RunE and, when it
// returns an error, prints it and exits: a failure returned from RunE (or
// from a function stored there) ends a one-shot program half way, as
// log.Fatal does, and nothing runs the command again. A controller-runtime
// manager stops when a runnable it was given (mgr.Add) returns an error
// from Start: the process exits and its restart runs the work again, so
// the failure is reported, not retried.

// ProgramEnd says which runner ends the program on a function's error.
type ProgramEnd int

const (
	NoEnd        ProgramEnd = iota
	EndsCommand             // a cobra command's hook
	StopsManager            // a controller-runtime manager's runnable
)

// programEnd returns how the runner of fn (a literal or a declaration)
// ends the program when fn returns an error.
func (k *knowledge) programEnd(fn ast.Node) ProgramEnd {
	switch fn := fn.(type) {
	case *ast.FuncLit:
		return k.sum.programEnds[fn]
	case *ast.FuncDecl:
		if def := k.info.Defs[fn.Name]; def != nil {
			return k.sum.programEnds[def]
		}
	}
	return NoEnd
}

// findProgramEnds returns the functions whose error ends the program:
// those stored in command hooks, and the runnables given to a manager.
func (s *summarizer) findProgramEnds() map[any]ProgramEnd {
	out := make(map[any]ProgramEnd)
	for fn := range s.findCommandFuncs() {
		out[fn] = EndsCommand
	}
	if s.k.model == nil || s.k.pkg == nil || !importsPath(s.k.pkg, upstream.ManagerPath) && !importsPath(s.k.pkg, upstream.CRPath) {
		return out
	}
	for _, f := range s.k.model.Files() {
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && len(call.Args) == 1 && s.isManagerAdd(call) {
				if fn := s.runnableStart(call.Args[0]); fn != nil {
					out[fn] = StopsManager
				}
			}
			return true
		})
	}
	return out
}

// isManagerAdd reports whether call is a manager's Add.
func (s *summarizer) isManagerAdd(call *ast.CallExpr) bool {
	fn := s.k.callee(call)
	return fn != nil && fn.Name() == "Add" && fn.Pkg() != nil && syntax.PkgPath(fn.Pkg()) == upstream.ManagerPath
}

// runnableStart returns what runs when the manager starts the runnable
// arg: the literal or function converted to a RunnableFunc, or the Start
// method of the package's own type.
func (s *summarizer) runnableStart(arg ast.Expr) any {
	arg = ast.Unparen(arg)
	if conv, ok := arg.(*ast.CallExpr); ok && len(conv.Args) == 1 && s.k.info.Types[conv.Fun].IsType() {
		switch v := ast.Unparen(conv.Args[0]).(type) {
		case *ast.FuncLit:
			return v
		default:
			if fn := upstream.FuncValue(s.k.info, v); fn != nil {
				return fn.Origin()
			}
		}
		return nil
	}
	t := s.k.info.TypeOf(arg)
	if t == nil {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, s.k.pkg, "Start")
	if fn, ok := obj.(*types.Func); ok && fn.Pkg() == s.k.pkg {
		return fn.Origin()
	}
	return nil
}

// findCommandFuncs returns the literals and functions the package stores
// in command hooks: `RunE: func(...) error {...}`, `RunE: o.run`,
// `cmd.RunE = ...`.
func (s *summarizer) findCommandFuncs() map[any]bool {
	out := make(map[any]bool)
	if s.k.model == nil || s.k.pkg == nil || !importsPath(s.k.pkg, upstream.CobraPath) {
		return out
	}
	note := func(value ast.Expr) {
		switch v := ast.Unparen(value).(type) {
		case *ast.FuncLit:
			out[v] = true
		case *ast.Ident:
			out[s.k.info.Uses[v]] = true
		case *ast.SelectorExpr:
			out[s.k.info.Uses[v.Sel]] = true
		}
	}
	for _, f := range s.k.model.Files() {
		ast.Inspect(f, func(n ast.Node) bool {
			s.noteCommandHook(n, note)
			return true
		})
	}
	return out
}

// noteCommandHook passes to note the value n stores in a command hook, if
// it stores one.
func (s *summarizer) noteCommandHook(n ast.Node, note func(ast.Expr)) {
	switch n := n.(type) {
	case *ast.KeyValueExpr:
		if key, ok := n.Key.(*ast.Ident); ok && upstream.CobraErrorHooks[key.Name] && s.k.isCommandField(s.k.info.Uses[key]) {
			note(n.Value)
		}
	case *ast.AssignStmt:
		for i, l := range n.Lhs {
			if sel, ok := l.(*ast.SelectorExpr); ok && len(n.Rhs) == len(n.Lhs) && upstream.CobraErrorHooks[sel.Sel.Name] && s.k.isCommandField(s.k.info.Uses[sel.Sel]) {
				note(n.Rhs[i])
			}
		}
	}
}

// importsPath reports whether pkg imports the package at path directly.
func importsPath(pkg *types.Package, path string) bool {
	for _, imp := range pkg.Imports() {
		if syntax.PkgPath(imp) == path {
			return true
		}
	}
	return false
}

// isCommandField reports whether obj is a field of cobra.Command.
func (k *knowledge) isCommandField(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && v.IsField() && v.Pkg() != nil && syntax.PkgPath(v.Pkg()) == upstream.CobraPath
}
