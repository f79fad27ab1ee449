package fixcheck

import (
	"go/token"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

// Paths of the packages a fix may import although the package reaches
// none of their code: their declarations that fixes use are built here
// from the upstream signatures, so that the edit is type-checked against
// them rather than waved through.
const (
	fmtPath   = "fmt"
	retryPath = "k8s.io/client-go/util/retry"
	waitPath  = "k8s.io/apimachinery/pkg/util/wait"
)

// knownPackage returns the declarations fixes use of the package at path,
// or nil when path is not one of them. pkg is the package being fixed,
// among whose imports the types the declarations refer to are looked for
// first.
func knownPackage(path string, pkg *types.Package) *types.Package {
	switch path {
	case fmtPath:
		return fmtPackage()
	case retryPath:
		return retryPackage(pkg)
	}
	return nil
}

// fmtPackage declares the functions of fmt that format into an error or a
// string.
func fmtPackage() *types.Package {
	p := types.NewPackage(fmtPath, "fmt")
	format := types.NewParam(token.NoPos, p, "format", types.Typ[types.String])
	args := types.NewParam(token.NoPos, p, "a", types.NewSlice(types.Universe.Lookup("any").Type()))
	declareFunc(p, "Errorf", types.NewTuple(format, args), types.Universe.Lookup("error").Type(), true)
	declareFunc(p, "Sprintf", types.NewTuple(format, args), types.Typ[types.String], true)
	p.MarkComplete()
	return p
}

// retryPackage declares RetryOnConflict, OnError, DefaultRetry and
// DefaultBackoff over wait.Backoff, which is the package's own when pkg
// reaches apimachinery's wait package.
func retryPackage(pkg *types.Package) *types.Package {
	p := types.NewPackage(retryPath, "retry")
	backoff := waitBackoff(pkg)
	errType := types.Universe.Lookup("error").Type()
	attempt := types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(types.NewParam(token.NoPos, p, "", errType)), false)
	retriable := types.NewSignatureType(nil, nil, nil,
		types.NewTuple(types.NewParam(token.NoPos, p, "", errType)),
		types.NewTuple(types.NewParam(token.NoPos, p, "", types.Typ[types.Bool])), false)
	backoffParam := types.NewParam(token.NoPos, p, "backoff", backoff)
	fn := types.NewParam(token.NoPos, p, "fn", attempt)
	declareFunc(p, "RetryOnConflict", types.NewTuple(backoffParam, fn), errType, false)
	declareFunc(p, "OnError", types.NewTuple(backoffParam, types.NewParam(token.NoPos, p, "retriable", retriable), fn), errType, false)
	for _, name := range []string{"DefaultRetry", "DefaultBackoff"} {
		p.Scope().Insert(types.NewVar(token.NoPos, p, name, backoff))
	}
	p.MarkComplete()
	return p
}

// waitBackoff returns wait.Backoff: pkg's own when it reaches the wait
// package, else a struct type of that name in a package built here.
func waitBackoff(pkg *types.Package) types.Type {
	if wait := syntax.FindPackage(pkg, waitPath); wait != nil {
		if tn, ok := wait.Scope().Lookup("Backoff").(*types.TypeName); ok {
			return tn.Type()
		}
	}
	wait := types.NewPackage(waitPath, "wait")
	tn := types.NewTypeName(token.NoPos, wait, "Backoff", nil)
	named := types.NewNamed(tn, types.NewStruct(nil, nil), nil)
	wait.Scope().Insert(tn)
	wait.MarkComplete()
	return named
}

func declareFunc(p *types.Package, name string, params *types.Tuple, result types.Type, variadic bool) {
	results := types.NewTuple(types.NewParam(token.NoPos, p, "", result))
	sig := types.NewSignatureType(nil, nil, nil, params, results, variadic)
	p.Scope().Insert(types.NewFunc(token.NoPos, p, name, sig))
}
