package conflictlint_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint"
	"github.com/conflictlint/conflictlint/analyzer"
)

// customConfig is the shape of a `.custom-gcl.yml`, as golangci-lint
// custom (v2.15.0) decodes it.
type customConfig struct {
	Version     string `yaml:"version"`
	Name        string `yaml:"name"`
	Destination string `yaml:"destination"`
	Plugins     []struct {
		Module  string `yaml:"module"`
		Import  string `yaml:"import"`
		Version string `yaml:"version"`
		Path    string `yaml:"path"`
	} `yaml:"plugins"`
}

// TestGolangciLintCustomSnippet takes the `.custom-gcl.yml` snippet of
// docs/golangci-lint.md as a user pastes it, into a project that has a
// clone of this repository where the snippet says, and does what
// `golangci-lint custom` does with it short of cloning golangci-lint: it
// checks the configuration as golangci-lint does (a version, each plugin
// with a module and either a version or a path), resolves the path from
// the file's directory, replaces the module by it and builds a program
// that imports the plugin, which is how the plugin enters the binary.
func TestGolangciLintCustomSnippet(t *testing.T) {
	doc, err := os.ReadFile("docs/golangci-lint.md")
	if err != nil {
		t.Fatal(err)
	}
	var snippet string
	for _, m := range regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(string(doc), -1) {
		if strings.Contains(m[1], "plugins:") {
			snippet = m[1]
			break
		}
	}
	if snippet == "" {
		t.Fatal("docs/golangci-lint.md has no .custom-gcl.yml snippet")
	}
	var cfg customConfig
	dec := yaml.NewDecoder(strings.NewReader(snippet))
	dec.KnownFields(true)
	if err := dec.Decode(&cfg); err != nil {
		t.Fatalf("the snippet does not decode as a .custom-gcl.yml: %v\n%s", err, snippet)
	}
	var ours customConfig
	readYAML(t, ".custom-gcl.yml", &ours)
	if cfg.Version != ours.Version {
		t.Errorf("the snippet builds golangci-lint %s; the plugin is built against %s (.custom-gcl.yml)", cfg.Version, ours.Version)
	}
	found := false
	for _, p := range cfg.Plugins {
		if p.Module != "github.com/conflictlint/conflictlint" {
			continue
		}
		found = true
		switch {
		case (p.Path == "") == (p.Version == ""):
			t.Fatalf("the plugin entry gives version %q and path %q; golangci-lint custom wants exactly one", p.Version, p.Path)
		case p.Version != "":
			t.Fatalf("the plugin entry names version %q, which needs a published module; the test builds only a path", p.Version)
		}
		buildPluginFrom(t, p.Path, p.Module)
	}
	if !found {
		t.Fatal("the snippet has no plugin entry for github.com/conflictlint/conflictlint")
	}
}

// buildPluginFrom lays out a project with the snippet's .custom-gcl.yml
// and this checkout at path from it, and builds a program importing the
// plugin module through a replace of it by that path.
func buildPluginFrom(t *testing.T, path, module string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the plugin")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skipf("go command not found: %v", err)
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	project := filepath.Join(tmp, "project", "operator")
	if err := os.MkdirAll(project, 0o755); err != nil {
		t.Fatal(err)
	}
	clone := filepath.Clean(filepath.Join(project, filepath.FromSlash(path)))
	if rel, err := filepath.Rel(tmp, clone); err != nil || strings.HasPrefix(rel, "..") {
		t.Fatalf("path %q leads out of the test's directory", path)
	}
	if err := os.MkdirAll(filepath.Dir(clone), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(root, clone); err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(clone, "go.mod"))
	if err != nil {
		t.Fatalf("no go.mod at the snippet's path: %v", err)
	}
	if !bytes.HasPrefix(gomod, []byte("module "+module+"\n")) {
		t.Fatalf("the go.mod at the snippet's path is not module %s", module)
	}

	// The program golangci-lint custom builds, reduced to the plugin's
	// import, with the plugin's requirements (its go.sum) at hand.
	build := filepath.Join(tmp, "build")
	if err := os.MkdirAll(build, 0o755); err != nil {
		t.Fatal(err)
	}
	goVersion := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(gomod)
	if goVersion == nil {
		t.Fatal("the plugin's go.mod has no go directive")
	}
	files := map[string]string{
		"go.mod":  "module example.com/customgcl\n\ngo " + string(goVersion[1]) + "\n",
		"main.go": "package main\n\nimport _ \"" + module + "\"\n\nfunc main() {}\n",
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files["go.sum"] = string(sum)
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(build, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) {
		t.Helper()
		cmd := exec.CommandContext(t.Context(), "go", args...)
		cmd.Dir = build
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	// golangci-lint custom resolves path against the configuration's
	// directory (it runs there) and adds it as a replace.
	run("mod", "edit", "-replace", module+"="+clone, "-require", module+"@v0.0.0-00010101000000-000000000000")
	run("build", "-o", filepath.Join(tmp, "customgcl"), ".")
}

// severityConfig is the `severity` section of a golangci-lint v2 run
// configuration (v2.15.0's config.Severity and config.SeverityRule).
type severityConfig struct {
	Severity struct {
		Default string `yaml:"default"`
		Rules   []struct {
			Linters    []string `yaml:"linters"`
			Path       string   `yaml:"path"`
			PathExcept string   `yaml:"path-except"`
			Text       string   `yaml:"text"`
			Source     string   `yaml:"source"`
			Severity   string   `yaml:"severity"`
		} `yaml:"rules"`
	} `yaml:"severity"`
}

// TestGolangciLintSeveritySnippet takes the severity rules of
// docs/golangci-lint.md, checks them as golangci-lint does (a default
// when there are rules, a severity and a condition in each, regular
// expressions that compile), and applies them as golangci-lint's severity
// processor does (the first matching rule wins; text is matched without
// regard to case) to the issues the plugin gives on cmdgraded, whose
// findings have one grade each: each issue must get the level
// conflictlint's SARIF gives its grade.
func TestGolangciLintSeveritySnippet(t *testing.T) {
	doc, err := os.ReadFile("docs/golangci-lint.md")
	if err != nil {
		t.Fatal(err)
	}
	var snippet string
	for _, m := range regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllStringSubmatch(string(doc), -1) {
		if strings.HasPrefix(m[1], "severity:") {
			snippet = m[1]
			break
		}
	}
	if snippet == "" {
		t.Fatal("docs/golangci-lint.md has no severity snippet")
	}
	var cfg severityConfig
	dec := yaml.NewDecoder(strings.NewReader(snippet))
	dec.KnownFields(true)
	if err := dec.Decode(&cfg); err != nil {
		t.Fatalf("the snippet does not decode as golangci-lint's severity section: %v\n%s", err, snippet)
	}
	sev := cfg.Severity
	if len(sev.Rules) > 0 && sev.Default == "" {
		t.Fatal("golangci-lint refuses severity rules without a default")
	}
	type rule struct {
		linters  []string
		text     *regexp.Regexp
		severity string
	}
	var rules []rule
	for i, r := range sev.Rules {
		if r.Severity == "" || len(r.Linters) == 0 && r.Path == "" && r.PathExcept == "" && r.Text == "" && r.Source == "" {
			t.Fatalf("rule %d: golangci-lint wants a severity and a condition: %+v", i, r)
		}
		if r.Path != "" || r.PathExcept != "" || r.Source != "" {
			t.Fatalf("rule %d: the test matches only linters and text: %+v", i, r)
		}
		re, err := regexp.Compile("(?i)" + r.Text)
		if err != nil {
			t.Fatalf("rule %d: text: %v", i, err)
		}
		rules = append(rules, rule{r.Linters, re, r.Severity})
	}
	severityOf := func(linter, text string) string {
		for _, r := range rules {
			if (len(r.linters) == 0 || slices.Contains(r.linters, linter)) && (r.text == nil || r.text.MatchString(text)) {
				return r.severity
			}
		}
		return sev.Default
	}

	analyzers, err := build(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	a := analyzer.Lookup(analyzers, "unretriedupdate")
	grades := map[string]bool{}
	for _, r := range analysistest.Run(discard{}, analysistest.TestData(), a, "cmdgraded") {
		for _, d := range r.Diagnostics {
			// golangci-lint's text of an issue of a linter with several
			// analyzers starts with the analyzer's name.
			text := a.Name + ": " + d.Message
			grade := analyzer.Consequence(d.Message)
			grades[grade] = true
			if got, want := severityOf(conflictlint.Name, text), analyzer.ConsequenceLevel(grade); got != want {
				t.Errorf("%s finding: severity %q, want %q\n%s", grade, got, want, text)
			}
		}
	}
	if len(grades) != 4 {
		t.Errorf("cmdgraded gave the grades %v, want four", grades)
	}
	if got := severityOf("govet", "printf: a finding; lost for good"); got != sev.Default {
		t.Errorf("another linter's issue gets %q, want the default %q", got, sev.Default)
	}
}
