package analyzer

import (
	"flag"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/ignoredirective"
	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/guard"
	"github.com/conflictlint/conflictlint/analyzer/internal/wrap"
	"github.com/conflictlint/conflictlint/analyzer/listermutation"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/retryreget"
	"github.com/conflictlint/conflictlint/analyzer/staleupdate"
	"github.com/conflictlint/conflictlint/analyzer/unretriedupdate"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// checks is the registry: the constructor of every conflictlint analyzer,
// in the order reports list them. Each takes the suite's model analyzer and
// its directives analyzer; adding an analyzer to the suite is adding its
// New here. The command, the golangci-lint plugin, the documentation checks
// and the tests all build the suite from it.
var checks = []func(modelAnalyzer, directives *analysis.Analyzer) *analysis.Analyzer{
	unretriedupdate.New,
	staleupdate.New,
	retryreget.New,
	listermutation.New,
	ignoredirective.New,
}

// Analyzers builds every analyzer of the suite, wired to one model that
// reads c.Model and to one directives analyzer that knows the suite's
// names. Each call builds new analyzers with their options at their
// defaults: the options are the analyzers' own flags, which command-line
// flags set directly and Select sets from c.Options. Both the model's
// options and the flags are read when the analysis runs, so c may still
// be filled (by flag parsing) after this call.
//
// A check's suggested fix is offered only if the package type-checks with
// it (see analyzer/internal/fixcheck). A panic in any of them (the model
// and the directives analyzer included)
// is reported as a diagnostic of category InternalError on its package,
// by the analyzer that panicked and by the checks that require it, which
// skip that package; the run goes on (see analyzer/internal/guard). The
// wrapping that does both is analyzer/internal/wrap's, the same as the
// exported Analyzer values of the analyzer packages get.
func (c *Config) Analyzers() []*analysis.Analyzer {
	suite := make([]*analysis.Analyzer, 0, len(checks))
	// The model walks every test file only when a check reports writes in
	// them, as the checks' flags say when it runs.
	modelAnalyzer := model.NewForChecks(&c.Model, func() bool { return reportsTestWrites(suite) })
	directives := diag.NewDirectives(func() []string { return names(suite) })
	if injectPanic != nil {
		injectPanic(modelAnalyzer)
	}
	observe := func(p *Panic) {
		if c.panics != nil {
			c.panics(p)
		}
	}
	o := wrap.Options{Observe: observe, NoFixCheck: c.noFixCheck}
	wrap.Helper(modelAnalyzer, model.FailedResult, o)
	wrap.Helper(directives, diag.FailedDirectives, o)
	for _, newCheck := range checks {
		suite = append(suite, wrap.Check(newCheck(modelAnalyzer, directives), o))
	}
	return suite
}

// InternalError is the category of the diagnostic that reports an
// analyzer's panic on a package.
const InternalError = guard.Category

// DisableFixCheck makes the analyzers built from c offer their fixes
// unchecked. It exists to measure what the check costs
// (bench/cmd/corpusstats -fixcheck=false); drivers for users never call it.
func (c *Config) DisableFixCheck() { c.noFixCheck = true }

// ObservePanics makes the analyzers built from c call observe with each
// panic they recover, as well as report it; a driver's verbose mode prints
// the stack.
func (c *Config) ObservePanics(observe func(*Panic)) { c.panics = observe }

// injectPanic is nil except in builds with the conflictlint_injectpanic
// tag (inject_panic.go), where the end-to-end test of the guard makes the
// model panic on one package.
var injectPanic func(modelAnalyzer *analysis.Analyzer)

// Panic is an analyzer's panic on a package.
type Panic = guard.Panic

// Lookup returns the analyzer of suite called name, or nil.
func Lookup(suite []*analysis.Analyzer, name string) *analysis.Analyzer {
	for _, a := range suite {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// reportsTestWrites reports whether a flag of an analyzer of suite makes
// it report writes in _test.go files.
func reportsTestWrites(suite []*analysis.Analyzer) bool {
	found := false
	for _, a := range suite {
		a.Flags.VisitAll(func(f *flag.Flag) {
			if r, ok := f.Value.(upstream.TestWriteReporter); ok && r.ReportsTestWrites() {
				found = true
			}
		})
	}
	return found
}

func names(suite []*analysis.Analyzer) []string {
	out := make([]string, len(suite))
	for i, a := range suite {
		out[i] = a.Name
	}
	return out
}

// Default builds the suite with the default configuration.
func Default() []*analysis.Analyzer { return new(Config).Analyzers() }
