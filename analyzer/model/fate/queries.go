package fate

import (
	"go/ast"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// Queries are what the fate of a failure asks of the package's model (the
// kube analyzer's Result): the handful of questions it needs answered,
// and nothing of how the model finds the answers.
type Queries interface {
	// WriteAt returns the object the write made by call sends; ok is
	// false when call is no write.
	WriteAt(call *ast.CallExpr) (obj upstream.Object, ok bool)
	// SendsVersion reports whether call is a write that sends its
	// object's resourceVersion (one that can conflict).
	SendsVersion(call *ast.CallExpr) bool
	// AlwaysWrites reports whether fn, a returner of this package, writes
	// the object of its parameter param on every run before it returns,
	// sending the resourceVersion it was given, and returns the write's
	// failure on every path.
	AlwaysWrites(fn *types.Func) (param int, ok bool)
	// ReadAt returns the object the read made by n (a call or an
	// assignment) refreshes; ok is false when n is no read.
	ReadAt(n ast.Node) (obj upstream.Object, ok bool)
	// ReadsBefore reports whether the function fn reads obj before the
	// node at, or declares obj's variable from a read before it.
	ReadsBefore(fn ast.Node, obj upstream.Object, at ast.Node) bool
	// RetriesWithRead reports whether call runs a retry (RetryOnConflict
	// and its kin) whose function reads the object of the write failed
	// and then writes it again alike (the same kind of write), or calls a
	// helper of the package that, given that object, reads it again by it
	// and writes the fresh copy: the same change written again after a
	// fresh read.
	RetriesWithRead(call, failed *ast.CallExpr) bool
	// Returner reports whether fn returns a write's failure, and the index
	// of the parameter that holds the object written (-1: none).
	Returner(fn *types.Func) (param int, ok bool)
	// Refresher reports whether fn refreshes the object of one of its
	// parameters, and which.
	Refresher(fn *types.Func) (param int, ok bool)
	// Decl returns the declaration of fn when this package declares it.
	Decl(fn *types.Func) *ast.FuncDecl
	// FuncValue returns the function assigned to the func-typed variable
	// or field v when the package assigns it exactly one, or nil.
	FuncValue(v *types.Var) *types.Func
	// Files are the package's modeled files.
	Files() []*ast.File
	// Decls are the package's function declarations with a body.
	Decls() map[*types.Func]*ast.FuncDecl
	// Callees returns the functions and methods fn's body calls by name
	// (nested literals included), each once, in source order, as the model
	// found them; false when the model did not walk fn.
	Callees(fn *types.Func) ([]*types.Func, bool)
}
