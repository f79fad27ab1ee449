package analyzer

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/consequence"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// fakeSuite returns two analyzers: "alpha" with a bool and a string-list
// option, and "beta" with none.
func fakeSuite() []*analysis.Analyzer {
	alpha := &analysis.Analyzer{Name: "alpha", Doc: "alpha"}
	alpha.Flags.Bool("loud", false, "report loudly")
	red := color("red")
	alpha.Flags.Var(&red, "color", "red or green")
	return []*analysis.Analyzer{alpha, {Name: "beta", Doc: "beta"}}
}

// color is an option value that accepts only red and green.
type color string

func (c *color) String() string { return string(*c) }
func (c *color) Set(s string) error {
	if s != "red" && s != "green" {
		return &colorError{s}
	}
	*c = color(s)
	return nil
}

type colorError struct{ s string }

func (e *colorError) Error() string { return "unknown color " + e.s + ": want red, green" }

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		config Config
		want   string // an error substring, or "" for valid
	}{
		{"empty", Config{}, ""},
		{"enable and options", Config{Enable: []string{"alpha"}, Options: map[string]map[string]string{"alpha": {"loud": "true", "color": "red"}}}, ""},
		{"options of a disabled analyzer", Config{Disable: []string{"alpha"}, Options: map[string]map[string]string{"alpha": {"color": "green"}}}, ""},
		{"unknown enabled", Config{Enable: []string{"gamma"}}, `enable: unknown analyzer "gamma": want one of alpha, beta`},
		{"unknown disabled", Config{Disable: []string{"Alpha"}}, `disable: unknown analyzer "Alpha": want one of alpha, beta`},
		{"enabled and disabled", Config{Enable: []string{"beta"}, Disable: []string{"beta"}}, `analyzer "beta" is listed in both enable and disable`},
		{"unknown options key", Config{Options: map[string]map[string]string{"gamma": {}}}, `unknown key "gamma": want enable, disable, retry-wrappers, read-helpers, consequence, resync or an analyzer name (alpha, beta)`},
		{"unknown option", Config{Options: map[string]map[string]string{"alpha": {"colour": "red"}}}, `alpha: unknown option "colour": want color, loud`},
		{"option of an analyzer without options", Config{Options: map[string]map[string]string{"beta": {"x": "1"}}}, `beta: unknown option "x": beta has no options`},
		{"bad custom value", Config{Options: map[string]map[string]string{"alpha": {"color": "blue"}}}, `alpha.color: unknown color blue: want red, green`},
		{"bad bool value", Config{Options: map[string]map[string]string{"alpha": {"loud": "very"}}}, `alpha.loud: "very" is not a boolean: want true or false`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			suite := fakeSuite()
			err := tc.config.validate(suite)
			checkErr(t, err, tc.want)
			// Validating never touches the analyzers' flags.
			if v := suite[0].Flags.Lookup("color").Value.String(); v != "red" {
				t.Errorf("validate set alpha.color to %q", v)
			}
		})
	}
}

func checkErr(t *testing.T, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("unexpected error: %v", err)
	case want != "" && err == nil:
		t.Errorf("no error, want %q", want)
	case want != "" && !strings.Contains(err.Error(), want):
		t.Errorf("error %q does not contain %q", err, want)
	}
}

func TestSelect(t *testing.T) {
	for _, tc := range []struct {
		name        string
		config      Config
		wantEnabled []string
		wantLoud    string
		wantColor   string
	}{
		{"defaults", Config{}, []string{"alpha", "beta"}, "false", "red"},
		{"options", Config{Options: map[string]map[string]string{"alpha": {"loud": "true", "color": "green"}}}, []string{"alpha", "beta"}, "true", "green"},
		{"enable", Config{Enable: []string{"beta"}}, []string{"beta"}, "false", "red"},
		{"disable", Config{Disable: []string{"beta"}}, []string{"alpha"}, "false", "red"},
		{"enable and disable", Config{Enable: []string{"alpha", "beta"}, Disable: nil}, []string{"alpha", "beta"}, "false", "red"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			suite := fakeSuite()
			alpha := suite[0]
			enabled, err := tc.config.Select(suite)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, a := range enabled {
				names = append(names, a.Name)
			}
			if !slices.Equal(names, tc.wantEnabled) {
				t.Errorf("enabled %v, want %v", names, tc.wantEnabled)
			}
			if got := alpha.Flags.Lookup("loud").Value.String(); got != tc.wantLoud {
				t.Errorf("alpha.loud = %q, want %q", got, tc.wantLoud)
			}
			if got := alpha.Flags.Lookup("color").Value.String(); got != tc.wantColor {
				t.Errorf("alpha.color = %q, want %q", got, tc.wantColor)
			}
		})
	}
	if _, err := (Config{Options: map[string]map[string]string{"alpha": {"color": "blue"}}}).Select(fakeSuite()); err == nil {
		t.Error("Select accepted a bad value")
	}
}

func TestUnmarshalJSON(t *testing.T) {
	suite := Default()
	name := suite[0].Name
	opt := firstOption(suite[0])
	for _, tc := range []struct {
		name string
		json string
		want Config
		err  string
	}{
		{"null", `null`, Config{}, ""},
		{"empty", `{}`, Config{}, ""},
		{"lists", `{"enable": ["` + name + `"], "disable": []}`, Config{Enable: []string{name}, Disable: []string{}}, ""},
		{"scalars", `{"` + name + `": {"s": "x", "n": 3, "b": true}}`, Config{Options: map[string]map[string]string{name: {"s": "x", "n": "3", "b": "true"}}}, ""},
		{"not a mapping", `[1]`, Config{}, "settings must be a mapping of enable, disable and analyzer names to options"},
		{"enable not a list", `{"enable": "` + name + `"}`, Config{}, "enable: want a list of analyzer names"},
		{"disable of numbers", `{"disable": [1]}`, Config{}, "disable: want a list of analyzer names"},
		{"unknown key", `{"enabled": ["` + name + `"]}`, Config{}, `unknown key "enabled": want enable, disable, retry-wrappers, read-helpers, consequence, resync or an analyzer name (`},
		{"consequence", `{"consequence": ["lost", "unknown"]}`, Config{Model: upstream.Options{Consequences: consequence.Gate{consequence.Lost, consequence.Unknown}}}, ""},
		{"unknown grade", `{"consequence": ["lost", "gone"]}`, Config{}, `consequence: unknown consequence "gone": want one of lost, until-event, until-resync, reported, requeued, unknown`},
		{"consequence not a list", `{"consequence": "lost"}`, Config{}, "consequence: want a list of grades (lost, until-event, until-resync, reported, requeued, unknown)"},
		{"resync", `{"resync": "10h"}`, Config{Model: upstream.Options{Resync: upstream.Duration(10 * time.Hour)}}, ""},
		{"resync not a duration", `{"resync": "often"}`, Config{}, `resync: "often" is not a duration: want a number with a unit, such as 10h or 30m`},
		{"resync negative", `{"resync": "-1h"}`, Config{}, `resync: "-1h" is negative: want a period, such as 10h`},
		{"resync not a string", `{"resync": 10}`, Config{}, `resync: want a duration as a string, such as "10h"`},
		{"options not a mapping", `{"` + name + `": "strict"}`, Config{}, name + ": want a mapping of option names to values"},
		{"option value a list", `{"` + name + `": {"` + opt + `": ["a"]}}`, Config{}, name + "." + opt + ": want a string, number or boolean"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got Config
			err := json.Unmarshal([]byte(tc.json), &got)
			checkErr(t, err, tc.err)
			if err == nil && !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %#v, want %#v", got, tc.want)
			}
		})
	}
}

func TestArgs(t *testing.T) {
	c := Config{
		Enable:  []string{"alpha"},
		Disable: []string{"beta"},
		Options: map[string]map[string]string{"alpha": {"loud": "true", "color": "red"}},
	}
	want := []string{"-alpha", "-beta=false", "-alpha.color=red", "-alpha.loud=true"}
	if got := c.Args(); !slices.Equal(got, want) {
		t.Errorf("Args() = %q, want %q", got, want)
	}
}

func firstOption(a *analysis.Analyzer) string {
	opt := "mode"
	a.Flags.VisitAll(func(f *flag.Flag) { opt = f.Name })
	return opt
}

// TestSuiteOptions walks the registry: every analyzer's name and options
// must work as golangci-lint settings (lower case, since golangci-lint
// lower-cases keys; values validated without side effects) and as flags,
// and every option must be documented in the README's Configuration table.
func TestSuiteOptions(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	lower := regexp.MustCompile(`^[a-z][a-z0-9_.-]*$`)
	for _, a := range Default() {
		t.Run(a.Name, func(t *testing.T) {
			if !lower.MatchString(a.Name) {
				t.Errorf("analyzer name %q is not lower case", a.Name)
			}
			a.Flags.VisitAll(func(f *flag.Flag) {
				key := a.Name + "." + f.Name
				if !lower.MatchString(f.Name) {
					t.Errorf("option %s is not lower case", key)
				}
				if f.Usage == "" {
					t.Errorf("option %s has no usage text", key)
				}
				if reflect.TypeOf(f.Value).Kind() != reflect.Pointer {
					t.Errorf("option %s: value type %T is not a pointer, so settings cannot be validated before they are applied", key, f.Value)
				}
				if !strings.Contains(string(readme), "`-"+key) {
					t.Errorf("README does not document -%s", key)
				}
				// The default round-trips through settings.
				settings := `{"` + a.Name + `": {"` + f.Name + `": "` + f.DefValue + `"}}`
				var c Config
				if err := json.Unmarshal([]byte(settings), &c); err != nil {
					t.Fatalf("decoding %s: %v", settings, err)
				}
				if err := c.Validate(); err != nil {
					t.Errorf("default of %s rejected: %v", key, err)
				}
				suite := c.Analyzers()
				if _, err := c.Select(suite); err != nil {
					t.Errorf("applying the default of %s: %v", key, err)
				}
				if got := Lookup(suite, a.Name).Flags.Lookup(f.Name).Value.String(); got != f.DefValue {
					t.Errorf("after Select, %s = %q, want its default %q", key, got, f.DefValue)
				}
			})
			// Each analyzer can be enabled and disabled by name.
			for _, c := range []Config{{Enable: []string{a.Name}}, {Disable: []string{a.Name}}} {
				enabled, err := c.Select(c.Analyzers())
				if err != nil {
					t.Fatal(err)
				}
				if on := Lookup(enabled, a.Name) != nil; on != (len(c.Enable) > 0) {
					t.Errorf("%+v: %s enabled = %v", c, a.Name, on)
				}
			}
		})
	}
}

// TestModelOptions checks the lists every analyzer shares: decoded from
// settings, validated name by name, applied to the model, rendered as flags.
func TestModelOptions(t *testing.T) {
	var c Config
	settings := `{"retry-wrappers": ["example.com/kit.Retry"], "read-helpers": ["(*example.com/kit.Store).Latest", "example.com/kit.Load"]}`
	if err := json.Unmarshal([]byte(settings), &c); err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	if got := c.Model.RetryWrappers.String(); got != "example.com/kit.Retry" {
		t.Errorf("retry wrappers applied = %q", got)
	}
	if got := c.Model.ReadHelpers.String(); got != "(*example.com/kit.Store).Latest,example.com/kit.Load" {
		t.Errorf("read helpers applied = %q", got)
	}
	wantArgs := []string{"-retry-wrappers=example.com/kit.Retry", "-read-helpers=(*example.com/kit.Store).Latest,example.com/kit.Load"}
	if got := c.Args(); !slices.Equal(got, wantArgs) {
		t.Errorf("Args() = %q, want %q", got, wantArgs)
	}

	for _, tc := range []struct{ settings, want string }{
		{`{"retry-wrappers": "example.com/kit.Retry"}`, "retry-wrappers: want a list of fully-qualified function names"},
		{`{"read-helpers": ["Latest"]}`, `read-helpers: "Latest" is not a fully-qualified function name`},
		{`{"retry-wrappers": ["a/b.F,a/b.G"]}`, "retry-wrappers: \"a/b.F,a/b.G\" holds a comma"},
	} {
		var c Config
		err := json.Unmarshal([]byte(tc.settings), &c)
		if err == nil {
			err = c.Validate()
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("settings %s: error %v, want it to contain %q", tc.settings, err, tc.want)
		}
	}
}
