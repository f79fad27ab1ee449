package analyzer

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/consequence"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// Config selects the analyzers to run and sets their options. It is the one
// set of knobs behind every front end, and no analyzer reads anything else:
//
//   - Analyzers builds the suite wired to it (the model reads Model);
//   - the standalone command binds it to its flags (RegisterFlags), and
//     go vet's -vettool protocol to the same flags (RegisterModelFlags,
//     the x/tools driver adding the analyzers' own);
//   - the golangci-lint plugin decodes it from the linter's settings (see
//     UnmarshalJSON for the shape), and Select writes Options into the
//     analyzers' flags, the same flags that
//     `conflictlint -unretriedupdate.mode=strict` and go vet set;
//   - Select is the one place that decides which analyzers run;
//   - Args renders it as command-line flags.
//
// An analyzer's options are the flags it registers on its own
// Analyzer.Flags; nothing here names a particular analyzer. Analyzer and
// option names are lower case (golangci-lint lower-cases map keys), which
// the registry test checks.
type Config struct {
	// Enable, when not empty, runs only the analyzers it names.
	Enable []string
	// Disable names analyzers not to run.
	Disable []string
	// Options maps an analyzer name to its option values, keyed by flag
	// name (unretriedupdate: {mode: strict}). Values are in the flags'
	// string syntax.
	Options map[string]map[string]string
	// Model names, by fully-qualified name, functions analysis cannot see
	// into (retry wrappers and read helpers); it applies to every
	// analyzer. Lists keep the names' case, which map keys would not.
	Model upstream.Options

	panics     func(*Panic) // see ObservePanics
	noFixCheck bool         // see DisableFixCheck
}

// Reserved settings keys; every other top-level key names an analyzer. The
// model's keys are also the names of the command's flags.
const (
	keyEnable        = "enable"
	keyDisable       = "disable"
	keyRetryWrappers = "retry-wrappers"
	keyReadHelpers   = "read-helpers"
	keyConsequence   = "consequence"
	keyResync        = "resync"
)

// RegisterModelFlags binds the options every analyzer shares (the
// model's) to command-line flags; vet's -flags handshake lists them, so go
// vet accepts them too.
func (c *Config) RegisterModelFlags(fs *flag.FlagSet) {
	fs.Var(&c.Model.RetryWrappers, keyRetryWrappers,
		"comma-separated functions, by full name (pkg/path.Func or (pkg/path.Type).Method), that run their first func argument in a conflict retry")
	fs.Var(&c.Model.ReadHelpers, keyReadHelpers,
		"comma-separated functions, by full name, that re-read the objects they are given or return")
	fs.Var(&c.Model.Consequences, keyConsequence,
		"comma-separated grades of lost Conflicts to report ("+strings.Join(consequence.Names(), ", ")+"); all when empty")
	fs.Var(&c.Model.Resync, keyResync,
		"the default resync `period` of the program's informers and manager cache (such as 10h), when the analysis cannot see where main sets it up; grades the lost writes of resynced controllers until-resync")
}

// RegisterFlags binds c to the flags of a driver that runs suite (built by
// c.Analyzers), as the x/tools drivers spell them: the model's options,
// -NAME to enable (or, =false, disable) an analyzer, recorded in Enable
// and Disable, and -NAME.OPTION for each of its own flags.
func (c *Config) RegisterFlags(fs *flag.FlagSet, suite []*analysis.Analyzer) {
	c.RegisterModelFlags(fs)
	for _, a := range suite {
		fs.Var(selectionFlag{c, a.Name}, a.Name, "enable "+a.Name+" analysis")
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
}

// selectionFlag is -NAME: true adds the analyzer to Enable, false to
// Disable, the last setting winning.
type selectionFlag struct {
	c    *Config
	name string
}

func (f selectionFlag) IsBoolFlag() bool { return true }

// String is empty: the flag has no default to show.
func (f selectionFlag) String() string { return "" }

func (f selectionFlag) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	f.c.Enable = slices.DeleteFunc(f.c.Enable, func(n string) bool { return n == f.name })
	f.c.Disable = slices.DeleteFunc(f.c.Disable, func(n string) bool { return n == f.name })
	if on {
		f.c.Enable = append(f.c.Enable, f.name)
	} else {
		f.c.Disable = append(f.c.Disable, f.name)
	}
	return nil
}

// UnmarshalJSON decodes settings of the shape
//
//	{"enable": ["a"], "disable": ["b"], "<analyzer>": {"<option>": value},
//	 "retry-wrappers": [...], "read-helpers": [...], "consequence": ["lost", "unknown"]}
//
// where a value is a string, number or boolean. Errors name the key: a key
// that is neither enable, disable nor an analyzer of the suite, or a value of
// the wrong shape. Whether listed names, options and values are accepted is
// checked by Validate.
func (c *Config) UnmarshalJSON(data []byte) error {
	*c = Config{}
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		return nil // no settings at all
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return fmt.Errorf("settings must be a mapping of %s, %s and analyzer names to options", keyEnable, keyDisable)
	}
	for _, key := range sortedKeys(top) {
		raw := top[key]
		var err error
		switch key {
		case keyEnable:
			c.Enable, err = decodeNames(key, raw)
		case keyDisable:
			c.Disable, err = decodeNames(key, raw)
		case keyRetryWrappers:
			c.Model.RetryWrappers, err = decodeFuncNames(key, raw)
		case keyReadHelpers:
			c.Model.ReadHelpers, err = decodeFuncNames(key, raw)
		case keyConsequence:
			c.Model.Consequences, err = decodeGrades(key, raw)
		case keyResync:
			err = decodeDuration(key, raw, &c.Model.Resync)
		default:
			if suite := Default(); Lookup(suite, key) == nil {
				return unknownKey(key, suite)
			}
			err = c.decodeOptions(key, raw)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func decodeNames(key string, raw json.RawMessage) ([]string, error) {
	var names []string
	if err := json.Unmarshal(raw, &names); err != nil {
		return nil, fmt.Errorf("%s: want a list of analyzer names", key)
	}
	return names, nil
}

func decodeGrades(key string, raw json.RawMessage) (consequence.Gate, error) {
	var names []string
	if err := json.Unmarshal(raw, &names); err != nil {
		return nil, fmt.Errorf("%s: want a list of grades (%s)", key, strings.Join(consequence.Names(), ", "))
	}
	var gate consequence.Gate
	if err := gate.Set(strings.Join(names, ",")); err != nil {
		return nil, fmt.Errorf("%s: %w", key, err)
	}
	return gate, nil
}

func decodeDuration(key string, raw json.RawMessage, d *upstream.Duration) error {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return fmt.Errorf("%s: want a duration as a string, such as \"10h\"", key)
	}
	if err := d.Set(s); err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	return nil
}

func decodeFuncNames(key string, raw json.RawMessage) ([]string, error) {
	var names []string
	if err := json.Unmarshal(raw, &names); err != nil {
		return nil, fmt.Errorf("%s: want a list of fully-qualified function names", key)
	}
	return names, nil
}

func (c *Config) decodeOptions(analyzer string, raw json.RawMessage) error {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil || fields == nil {
		return fmt.Errorf("%s: want a mapping of option names to values", analyzer)
	}
	opts := make(map[string]string, len(fields))
	for _, name := range sortedKeys(fields) {
		v, err := scalar(fields[name])
		if err != nil {
			return fmt.Errorf("%s.%s: %w", analyzer, name, err)
		}
		opts[name] = v
	}
	if c.Options == nil {
		c.Options = map[string]map[string]string{}
	}
	c.Options[analyzer] = opts
	return nil
}

// scalar renders a JSON string, number or boolean in flag syntax.
func scalar(raw json.RawMessage) (string, error) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return "", err
	}
	switch v := v.(type) {
	case string:
		return v, nil
	case json.Number:
		return v.String(), nil
	case bool:
		return fmt.Sprint(v), nil
	}
	return "", errors.New("want a string, number or boolean")
}

// Validate reports the first problem with c against the suite: an unknown
// analyzer name, an analyzer both enabled and disabled, an unknown option
// or a value its flag rejects. Messages name the key and the accepted
// values.
func (c Config) Validate() error { return c.validate(c.Analyzers()) }

// Select validates c against suite (built by c.Analyzers), writes
// c.Options into the analyzers' flags, and returns the enabled analyzers
// in suite order: those Enable names, or all when it is empty, less those
// Disable names.
func (c Config) Select(suite []*analysis.Analyzer) ([]*analysis.Analyzer, error) {
	if err := c.validate(suite); err != nil {
		return nil, err
	}
	for _, a := range suite {
		for _, opt := range sortedKeys(c.Options[a.Name]) {
			if err := a.Flags.Set(opt, c.Options[a.Name][opt]); err != nil {
				return nil, fmt.Errorf("%s.%s: %w", a.Name, opt, err)
			}
		}
	}
	var enabled []*analysis.Analyzer
	for _, a := range suite {
		if (len(c.Enable) == 0 || slices.Contains(c.Enable, a.Name)) && !slices.Contains(c.Disable, a.Name) {
			enabled = append(enabled, a)
		}
	}
	return enabled, nil
}

// Args renders c as the flags of the conflictlint command (and of
// go vet -vettool), which run the same configuration.
func (c Config) Args() []string {
	var args []string
	for _, name := range c.Enable {
		args = append(args, "-"+name)
	}
	for _, name := range c.Disable {
		args = append(args, "-"+name+"=false")
	}
	for _, name := range sortedKeys(c.Options) {
		opts := c.Options[name]
		for _, opt := range sortedKeys(opts) {
			args = append(args, fmt.Sprintf("-%s.%s=%s", name, opt, opts[opt]))
		}
	}
	if len(c.Model.RetryWrappers) > 0 {
		args = append(args, "-"+keyRetryWrappers+"="+c.Model.RetryWrappers.String())
	}
	if len(c.Model.ReadHelpers) > 0 {
		args = append(args, "-"+keyReadHelpers+"="+c.Model.ReadHelpers.String())
	}
	if len(c.Model.Consequences) > 0 {
		args = append(args, "-"+keyConsequence+"="+c.Model.Consequences.String())
	}
	if c.Model.Resync > 0 {
		args = append(args, "-"+keyResync+"="+c.Model.Resync.String())
	}
	return args
}

// validateModel checks the form of every name in the model's lists.
func (c Config) validateModel() error {
	for _, list := range []struct {
		key   string
		names upstream.NameList
	}{{keyRetryWrappers, c.Model.RetryWrappers}, {keyReadHelpers, c.Model.ReadHelpers}} {
		if err := list.names.Validate(); err != nil {
			return fmt.Errorf("%s: %w", list.key, err)
		}
	}
	return nil
}

func (c Config) validate(suite []*analysis.Analyzer) error {
	byName := map[string]*analysis.Analyzer{}
	for _, a := range suite {
		byName[a.Name] = a
	}
	known := analyzerNames(suite)
	for _, list := range []struct {
		key   string
		names []string
	}{{keyEnable, c.Enable}, {keyDisable, c.Disable}} {
		for _, name := range list.names {
			if byName[name] == nil {
				return fmt.Errorf("%s: unknown analyzer %q: want one of %s", list.key, name, known)
			}
		}
	}
	for _, name := range c.Enable {
		if slices.Contains(c.Disable, name) {
			return fmt.Errorf("analyzer %q is listed in both %s and %s", name, keyEnable, keyDisable)
		}
	}
	if err := c.validateModel(); err != nil {
		return err
	}
	for _, name := range sortedKeys(c.Options) {
		a := byName[name]
		if a == nil {
			return unknownKey(name, suite)
		}
		for _, opt := range sortedKeys(c.Options[name]) {
			if err := checkOption(a, opt, c.Options[name][opt]); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkOption reports whether value is acceptable for option opt of a,
// without changing the analyzer's flag: it is parsed into a fresh value of
// the flag's type (flag.Values are pointers to their value, as all those
// of package flag are).
func checkOption(a *analysis.Analyzer, opt, value string) error {
	f := a.Flags.Lookup(opt)
	if f == nil {
		return fmt.Errorf("%s: unknown option %q: %s", a.Name, opt, acceptedOptions(a))
	}
	t := reflect.TypeOf(f.Value)
	if t.Kind() != reflect.Pointer {
		return nil // cannot probe; Apply reports a bad value when setting it
	}
	probe, ok := reflect.New(t.Elem()).Interface().(flag.Value)
	if !ok {
		return nil
	}
	if err := probe.Set(value); err != nil {
		if b, ok := probe.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			return fmt.Errorf("%s.%s: %q is not a boolean: want true or false", a.Name, opt, value)
		}
		return fmt.Errorf("%s.%s: %w", a.Name, opt, err)
	}
	return nil
}

func unknownKey(key string, suite []*analysis.Analyzer) error {
	return fmt.Errorf("unknown key %q: want %s, %s, %s, %s, %s, %s or an analyzer name (%s)", key, keyEnable, keyDisable, keyRetryWrappers, keyReadHelpers, keyConsequence, keyResync, analyzerNames(suite))
}

// acceptedOptions says which options a has, for error messages.
func acceptedOptions(a *analysis.Analyzer) string {
	var names []string
	a.Flags.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if len(names) == 0 {
		return a.Name + " has no options"
	}
	return "want " + strings.Join(names, ", ")
}

func analyzerNames(suite []*analysis.Analyzer) string {
	names := make([]string, len(suite))
	for i, a := range suite {
		names[i] = a.Name
	}
	return strings.Join(names, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
