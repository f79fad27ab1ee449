package conflictlint_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint"
	"github.com/conflictlint/conflictlint/analyzer"
)

// build runs the plugin as golangci-lint does: the registered constructor
// on the settings (decoded YAML: maps with lower-cased keys, []any lists),
// then BuildAnalyzers.
func build(t *testing.T, settings any) ([]*analysis.Analyzer, error) {
	t.Helper()
	newPlugin, err := register.GetPlugin(conflictlint.Name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(settings)
	if err != nil {
		return nil, err
	}
	if mode := p.GetLoadMode(); mode != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", mode, register.LoadModeTypesInfo)
	}
	return p.BuildAnalyzers()
}

// mode returns the mode of the unretriedupdate analyzer among analyzers.
func mode(analyzers []*analysis.Analyzer) string {
	return analyzer.Lookup(analyzers, "unretriedupdate").Flags.Lookup("mode").Value.String()
}

// names returns the names of analyzers.
func names(analyzers []*analysis.Analyzer) []string {
	var out []string
	for _, a := range analyzers {
		out = append(out, a.Name)
	}
	return out
}

func TestPluginSettings(t *testing.T) {
	t.Run("no settings", func(t *testing.T) {
		got, err := build(t, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(names(got), suiteNames()) {
			t.Errorf("BuildAnalyzers() = %v, want the whole suite", got)
		}
	})
	t.Run("empty lists", func(t *testing.T) {
		got, err := build(t, map[string]any{"enable": []any{}, "disable": []any{}})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(names(got), suiteNames()) {
			t.Errorf("BuildAnalyzers() = %v, want the whole suite", got)
		}
	})
	t.Run("mode strict", func(t *testing.T) {
		got, err := build(t, map[string]any{"unretriedupdate": map[string]any{"mode": "strict"}})
		if err != nil {
			t.Fatal(err)
		}
		if mode(got) != "strict" {
			t.Errorf("unretriedupdate mode = %q after settings mode: strict", mode(got))
		}
	})
	t.Run("disable", func(t *testing.T) {
		got, err := build(t, map[string]any{"disable": []any{"unretriedupdate"}})
		if err != nil {
			t.Fatal(err)
		}
		if slices.Contains(names(got), "unretriedupdate") {
			t.Errorf("BuildAnalyzers() = %v, still has unretriedupdate", got)
		}
	})
	t.Run("enable", func(t *testing.T) {
		got, err := build(t, map[string]any{"enable": []any{"unretriedupdate"}})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(names(got), []string{"unretriedupdate"}) {
			t.Errorf("BuildAnalyzers() = %v, want only unretriedupdate", got)
		}
	})
}

// TestPluginConsequence: the setting consequence reaches the analyzers
// golangci-lint runs. On cmdgraded (one unretriedupdate finding of each
// grade a default run gives) the gate [lost, unknown] leaves the lost one,
// and no setting leaves all four.
func TestPluginConsequence(t *testing.T) {
	for _, tc := range []struct {
		name     string
		settings any
		want     []string
	}{
		{"all", nil, []string{"lost", "reported", "until-event", "until-resync"}},
		{"lost and unknown", map[string]any{"consequence": []any{"lost", "unknown"}}, []string{"lost"}},
		{"until-resync", map[string]any{"consequence": []any{"until-resync"}}, []string{"until-resync"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			analyzers, err := build(t, tc.settings)
			if err != nil {
				t.Fatal(err)
			}
			// The findings are checked here, not by // want comments:
			// analysistest's complaints about them are dropped.
			results := analysistest.Run(discard{}, analysistest.TestData(), analyzer.Lookup(analyzers, "unretriedupdate"), "cmdgraded")
			var got []string
			for _, r := range results {
				for _, d := range r.Diagnostics {
					got = append(got, analyzer.Consequence(d.Message))
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("grades reported: %v, want %v", got, tc.want)
			}
		})
	}
}

type discard struct{}

func (discard) Errorf(string, ...any) {}

func TestPluginSettingsErrors(t *testing.T) {
	names := strings.Join(suiteNames(), ", ")
	for _, tc := range []struct {
		name     string
		settings any
		want     string
	}{
		{"unknown key", map[string]any{"enabled": []any{"unretriedupdate"}},
			`unknown key "enabled": want enable, disable, retry-wrappers, read-helpers, consequence, resync or an analyzer name (` + names + `)`},
		{"unknown analyzer in enable", map[string]any{"enable": []any{"unretriedupdates"}},
			`enable: unknown analyzer "unretriedupdates": want one of ` + names},
		{"unknown analyzer in disable", map[string]any{"disable": []any{"UnretriedUpdate"}},
			`disable: unknown analyzer "UnretriedUpdate": want one of ` + names},
		{"enable not a list", map[string]any{"enable": "unretriedupdate"},
			`enable: want a list of analyzer names`},
		{"both enabled and disabled", map[string]any{"enable": []any{"unretriedupdate"}, "disable": []any{"unretriedupdate"}},
			`analyzer "unretriedupdate" is listed in both enable and disable`},
		{"unknown option", map[string]any{"unretriedupdate": map[string]any{"strict": true}},
			`unretriedupdate: unknown option "strict": want debug, mode`},
		{"bad mode", map[string]any{"unretriedupdate": map[string]any{"mode": "lenient"}},
			`unretriedupdate.mode: unknown mode "lenient": want one of propagate, strict`},
		{"options not a mapping", map[string]any{"unretriedupdate": "strict"},
			`unretriedupdate: want a mapping of option names to values`},
		{"option value not a scalar", map[string]any{"unretriedupdate": map[string]any{"mode": []any{"strict"}}},
			`unretriedupdate.mode: want a string, number or boolean`},
		{"unknown grade", map[string]any{"consequence": []any{"lost", "forever"}},
			`consequence: unknown consequence "forever": want one of lost, until-event, until-resync, reported, requeued, unknown`},
		{"grades not a list", map[string]any{"consequence": "lost"},
			`consequence: want a list of grades`},
		{"settings not a mapping", []any{"unretriedupdate"},
			`settings must be a mapping of enable, disable and analyzer names to options`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := build(t, tc.settings)
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), conflictlint.Name+" settings: ") {
				t.Errorf("error %q, want %q prefixed with %q", err, tc.want, conflictlint.Name+" settings: ")
			}
		})
	}
}

func suiteNames() []string {
	return names(analyzer.Default())
}
