package analyzer

import (
	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/ignoredirective"
	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/kube"
	"github.com/conflictlint/conflictlint/analyzer/listermutation"
	"github.com/conflictlint/conflictlint/analyzer/retryreget"
	"github.com/conflictlint/conflictlint/analyzer/staleupdate"
	"github.com/conflictlint/conflictlint/analyzer/unretriedupdate"
)

// checks is the registry: the constructor of every conflictlint analyzer,
// in the order reports list them. Each takes the suite's model analyzer and
// its directives analyzer; adding an analyzer to the suite is adding its
// New here. The command, the golangci-lint plugin, the documentation checks
// and the tests all build the suite from it.
var checks = []func(model, directives *analysis.Analyzer) *analysis.Analyzer{
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
func (c *Config) Analyzers() []*analysis.Analyzer {
	suite := make([]*analysis.Analyzer, 0, len(checks))
	model := kube.New(&c.Model)
	directives := diag.NewDirectives(func() []string { return names(suite) })
	for _, newCheck := range checks {
		suite = append(suite, newCheck(model, directives))
	}
	return suite
}

// Default builds the suite with the default configuration.
func Default() []*analysis.Analyzer { return new(Config).Analyzers() }

// Lookup returns the analyzer of suite called name, or nil.
func Lookup(suite []*analysis.Analyzer, name string) *analysis.Analyzer {
	for _, a := range suite {
		if a.Name == name {
			return a
		}
	}
	return nil
}

func names(suite []*analysis.Analyzer) []string {
	out := make([]string, len(suite))
	for i, a := range suite {
		out[i] = a.Name
	}
	return out
}
