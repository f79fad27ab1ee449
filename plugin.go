// Package conflictlint is the golangci-lint module plugin of the
// conflictlint analyzers. It registers the linter "conflictlint"; a
// golangci-lint built with this package (by `golangci-lint custom` from
// .custom-gcl.yml, or the prebuilt cmd/golangci-lint-conflictlint) runs it
// when the run configuration enables it, as .golangci-plugin.yml does.
//
// The plugin's settings are an analyzer.Config: the same knobs as the
// conflictlint command's flags.
//
//	linters:
//	  settings:
//	    custom:
//	      conflictlint:
//	        type: module
//	        settings:
//	          disable: [staleupdate]
//	          unretriedupdate:
//	            mode: strict
package conflictlint

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer"
)

// Name is the linter's name in golangci-lint configurations, issues and
// //nolint directives.
const Name = "conflictlint"

func init() {
	register.Plugin(Name, New)
}

// Plugin is the conflictlint linter for golangci-lint.
type Plugin struct {
	config analyzer.Config
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New decodes the linter's settings. Unknown keys and badly shaped values
// are errors here; unknown names and bad values are reported by
// BuildAnalyzers, which validates the whole configuration.
func New(settings any) (register.LinterPlugin, error) {
	config, err := register.DecodeSettings[analyzer.Config](settings)
	if err != nil {
		return nil, fmt.Errorf("%s settings: %w", Name, err)
	}
	return &Plugin{config: config}, nil
}

// BuildAnalyzers builds the suite from the settings, validates them, sets
// the analyzers' options and returns the enabled analyzers, reporting each
// finding as one issue (see foldingRelated).
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	analyzers, err := p.config.Select(p.config.Analyzers())
	if err != nil {
		return nil, fmt.Errorf("%s settings: %w", Name, err)
	}
	return foldingRelated(analyzers), nil
}

// GetLoadMode asks for type information: every analyzer needs it.
func (p *Plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
