// Package directives exports the analyzer that parses conflictlint's
// suppression comments,
//
//	//conflictlint:ignore <analyzer>[,<analyzer>...] <reason>
//
// for drivers that take analyzers one package at a time (Bazel's nogo, a
// unitchecker main). Every check's exported Analyzer requires this one, as
// in the suite every check requires the suite's directives analyzer.
//
// It is a public package, not part of analyzer/internal/diag where the
// parsing lives, because a driver outside this module must be able to
// name it: Go refuses imports of an internal package from outside its
// tree, and Gazelle makes internal packages visible only to their parent,
// so a nogo target could neither list it in deps nor configure it. It
// reports nothing but its own failure.
package directives

import (
	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/wrap"
)

// Analyzer parses a package's directives; its result is a
// *diag.Directives that the checks read. It knows the suite's analyzer
// names (Names), so ignoredirective reports a directive naming another
// analyzer the same way as in the suite. It is wrapped as the registry
// wraps its own directives analyzer.
var Analyzer = wrap.Helper(diag.NewDirectives(Names), diag.FailedDirectives, wrap.Options{})

// Names returns the names of the suite's analyzers, in the registry's
// order (analyzer/suite.go). This package cannot ask the registry, which
// imports the checks that import this package; a test in the analyzer
// package keeps the two lists equal.
func Names() []string {
	return []string{"unretriedupdate", "staleupdate", "retryreget", "listermutation", "ignoredirective"}
}
