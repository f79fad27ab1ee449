// Package wrap hardens the analyzers of the suite the same way wherever
// they are built: by the registry (analyzer.Config.Analyzers), which builds
// a suite per configuration, and as the Analyzer values that the analyzer
// packages export for drivers that take one package per analyzer (Bazel's
// nogo, a unitchecker main). Both call these functions, so a driver gets
// the same behaviour from either:
//
//   - a check offers a suggested fix only if the package still type-checks
//     with it (analyzer/internal/fixcheck);
//   - a check can read the package's files even where the driver gives
//     its passes no ReadFile (Bazel's nogo does not), so that it offers
//     the same fixes in every driver;
//   - a panic in any analyzer becomes a diagnostic on its package, and the
//     analyzers that require a helper that panicked skip that package and
//     report the panic as their own (analyzer/internal/guard);
//   - a check's URL, the link of its diagnostics and of its SARIF rule, is
//     its page under docs/checks (analyzer/internal/docs).
package wrap

import (
	"os"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/docs"
	"github.com/conflictlint/conflictlint/analyzer/internal/fixcheck"
	"github.com/conflictlint/conflictlint/analyzer/internal/guard"
)

// Options tune the wrapping. The zero value is what users get.
type Options struct {
	// Observe, when not nil, is given every panic recovered, as well as
	// its report; a driver's verbose mode prints the stack.
	Observe func(*guard.Panic)
	// NoFixCheck offers a check's fixes unchecked. It exists to measure
	// what the check costs; drivers for users never set it.
	NoFixCheck bool
}

// Check wraps a, an analyzer that reports findings, in place, and returns
// it: its fixes are type-checked (fixcheck), it is given a file reader
// when the driver gives none, its panics are recovered (guard outermost,
// so that a panic in the fix check is caught too), and its URL is its page
// (docs.URL), whatever its constructor set: the pages are generated from
// the analyzers' doc.go files, and their address is decided in one place.
func Check(a *analysis.Analyzer, o Options) *analysis.Analyzer {
	a.URL = docs.URL(a.Name)
	if !o.NoFixCheck {
		fixcheck.Wrap(a)
	}
	readFiles(a)
	guard.Wrap(a, nil, o.Observe)
	return a
}

// readFiles makes a's Run see a Pass.ReadFile that reads the file system
// when the driver set none, as fixcheck reads the files in that case. The
// fixes that copy or indent source text need it: without it they are not
// offered (under nogo, most of them). The pass gets its own reader back
// when Run returns.
func readFiles(a *analysis.Analyzer) {
	run := a.Run
	a.Run = func(pass *analysis.Pass) (any, error) {
		if pass.ReadFile == nil {
			pass.ReadFile = os.ReadFile
			defer func() { pass.ReadFile = nil }()
		}
		return run(pass)
	}
}

// Helper wraps a, a result-only analyzer that checks require (the model,
// the directives), in place, and returns it. On a package where a
// panicked, the analyzers requiring it get fallback(the panic) as its
// result; a fallback whose result has a Failure method (guard.Failed)
// makes them report the panic too.
func Helper[R any](a *analysis.Analyzer, fallback func(error) R, o Options) *analysis.Analyzer {
	guard.Wrap(a, func(p *guard.Panic) any { return fallback(p) }, o.Observe)
	return a
}
