package model

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A runnable's error stops its controller-runtime manager: Start returns
// it. Whether that ends the program (and a restart runs the work again:
// `reported`) is up to the code that started the manager. The usual
// `if err := mgr.Start(ctx); err != nil { log; os.Exit(1) }`, a `return`
// of the error or `log.Fatal(mgr.Start(ctx))` ends it; a Start whose error
// is sent on a channel, only logged or dropped leaves the process running
// with its controllers stopped, and the runnable's failure is lost. The
// package view cannot see where the manager starts; the whole program can.

// isManagerStart reports whether fn is a controller-runtime manager's Start.
func isManagerStart(fn *types.Func) bool {
	return fn.Name() == "Start" && syntax.PkgPath(fn.Pkg()) == upstream.ManagerPath
}

// startEndsProgram reports whether the manager Start call at cur ends the
// program when it fails, by the statement around it.
func startEndsProgram(info *types.Info, cur inspector.Cursor) bool {
	switch p := cur.Parent().Node().(type) {
	case *ast.ReturnStmt:
		return true // its caller decides, as a command's run function does
	case *ast.CallExpr:
		// log.Fatal(mgr.Start(ctx)), utilruntime.Must(...), or a wrap that
		// is returned: return fmt.Errorf("manager: %w", mgr.Start(ctx))
		_, returned := cur.Parent().Parent().Node().(*ast.ReturnStmt)
		return endsProgram(info, p) || isMust(info, p) || returned && upstream.IsErrorType(info.TypeOf(p))
	case *ast.AssignStmt:
		if ifs := testedBy(cur.Parent()); ifs != nil {
			return blockEnds(info, ifs.Body)
		}
		next := nextStmt(cur.Parent())
		_, returns := next.(*ast.ReturnStmt)
		return returns
	}
	return false // dropped, or run in a go statement
}

// testedBy returns the if statement whose init is the assignment at cur,
// or the one right after it.
func testedBy(cur inspector.Cursor) *ast.IfStmt {
	if ifs, ok := cur.Parent().Node().(*ast.IfStmt); ok && ifs.Init == cur.Node() {
		return ifs
	}
	ifs, _ := nextStmt(cur).(*ast.IfStmt)
	return ifs
}

// nextStmt returns the statement after the one at cur in its block, or nil.
func nextStmt(cur inspector.Cursor) ast.Stmt {
	block, ok := cur.Parent().Node().(*ast.BlockStmt)
	if !ok {
		return nil
	}
	for i, s := range block.List {
		if s == cur.Node() && i+1 < len(block.List) {
			return block.List[i+1]
		}
	}
	return nil
}

// blockEnds reports whether b leaves its function or ends the program
// last: a return, or a call that exits or panics.
func blockEnds(info *types.Info, b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch last := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.ExprStmt:
		call, ok := ast.Unparen(last.X).(*ast.CallExpr)
		return ok && endsProgram(info, call)
	}
	return false
}

// endsProgram reports whether call ends the program: panic, os.Exit, a
// Fatal of the log packages, or of a logger by its method's name.
func endsProgram(info *types.Info, call *ast.CallExpr) bool {
	if upstream.CalledBuiltin(info, call) == "panic" {
		return true
	}
	fn := upstream.Callee(info, call)
	if fn == nil {
		return false
	}
	return upstream.FatalFuncs[upstream.FuncKeyOf(fn.Origin())] || upstream.FatalMethods[upstream.MethodKeyOf(fn.Origin())] || upstream.FatalLoggerNames[fn.Name()]
}

// isMust reports whether call is apimachinery's runtime.Must, which panics
// on an error.
func isMust(info *types.Info, call *ast.CallExpr) bool {
	fn := upstream.Callee(info, call)
	return fn != nil && fn.Name() == "Must" && syntax.PkgPath(fn.Pkg()) == "k8s.io/apimachinery/pkg/util/runtime"
}

// noteManagerStarts records whether a manager Start among calls, made in
// files, lets the program run on when it fails.
func (p *ProgramHealing) noteManagerStarts(info *types.Info, files []*ast.File, calls []call) {
	for _, c := range calls {
		if !isManagerStart(c.callee) {
			continue
		}
		for _, f := range files {
			if f.Pos() > c.expr.Pos() || c.expr.End() > f.End() {
				continue
			}
			cur, ok := inspector.New([]*ast.File{f}).Root().FindNode(c.expr)
			if ok && !startEndsProgram(info, cur) {
				p.managerRunsOn = true
			}
		}
	}
}

// ManagerStopEndsProgram reports whether a manager stopped by a runnable's
// error ends the program: false when some manager Start of the program
// lets it run on.
func (p *ProgramHealing) ManagerStopEndsProgram() bool {
	p.once.Do(p.build)
	return !p.managerRunsOn
}
