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

	"github.com/conflictlint/conflictlint/internal/editors"
	"github.com/conflictlint/conflictlint/internal/expected"
)

// editorFlags are the flags VS Code's Go extension adds to a golangci-lint
// v2 run (its lint tool golangci-lint-v2), with the text report written to
// path instead of standard output, which the tests keep for the JSON
// report.
func editorFlags(path string) []string {
	return []string{
		"--issues-exit-code=0",
		"--output.text.print-issued-lines=false",
		"--show-stats=false",
		"--output.text.path=" + path,
		"--path-mode=abs",
	}
}

// checkTextReport reads golangci-lint's text report as the editor
// integrations do (internal/editors) and compares it with the JSON report
// of the same run: one line per issue, `file:line:col: analyzer: message
// (conflictlint)`.
func checkTextReport(t *testing.T, path, dir string, base lintResult) {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var got []finding
	for _, d := range editors.Lines(t, "golangci-lint's text report", text, dir) {
		msg, ok := strings.CutSuffix(d.Message, " ("+linterName+")")
		analyzer, _, _ := strings.Cut(msg, ": ")
		if !ok || d.Related() {
			t.Errorf("text report line %s:%d: %q does not end with the linter's name", d.File, d.Line, d.Message)
			continue
		}
		rel, err := filepath.Rel(dir, d.File)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, finding{Path: filepath.ToSlash(rel), Line: d.Line, Analyzer: analyzer})
	}
	expected.Check(t, "golangci-lint's text report, as the editors read it", base.findings, got)
}

// golangciFlag is a golangci-lint flag as the documentation writes it.
var golangciFlag = regexp.MustCompile(`(?:^|[\s"'(\[` + "`" + `])(--[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)*)`)

// checkDocumentedFlags checks that every golangci-lint flag the
// documentation of golangci-lint, CI and editors names is a flag of
// `golangci-lint run`, as the plugin's binary shows them.
func checkDocumentedFlags(t *testing.T, gcl, root string) {
	t.Helper()
	help, err := exec.Command(gcl, "run", "--help").CombinedOutput()
	if err != nil {
		t.Fatalf("golangci-lint run --help: %v\n%s", err, help)
	}
	for _, name := range []string{"docs/golangci-lint.md", "docs/editors.md", "docs/ci.md", "docs/examples/golangci-lint.yml"} {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		seen := 0
		for _, m := range golangciFlag.FindAllStringSubmatch(string(data), -1) {
			flag := m[1]
			seen++
			if !bytes.Contains(help, []byte(flag+" ")) && !bytes.Contains(help, []byte(flag+"=")) {
				t.Errorf("%s names %s, which `golangci-lint run` does not have", name, flag)
			}
		}
		t.Logf("%s: %d golangci-lint flags, all known", name, seen)
	}
}

// checkWorkflowVersion checks that the golangci-lint-action workflow of
// docs/examples asks for the golangci-lint release the plugin is built
// against: the one .custom-gcl.yml names and cmd/golangci-lint-conflictlint
// builds (golangci-lint-action warns when the two differ).
func checkWorkflowVersion(t *testing.T, gcl, root string) {
	t.Helper()
	var custom struct {
		Version string
		Plugins []struct{ Module, Path string }
	}
	readYAML(t, filepath.Join(root, ".custom-gcl.yml"), &custom)
	if !slices.ContainsFunc(custom.Plugins, func(p struct{ Module, Path string }) bool {
		return p.Module == "github.com/conflictlint/conflictlint" && p.Path == "."
	}) {
		t.Errorf(".custom-gcl.yml does not build the plugin from this checkout: %+v", custom.Plugins)
	}
	out, err := exec.Command(gcl, "version").CombinedOutput()
	if err != nil {
		t.Fatalf("golangci-lint version: %v\n%s", err, out)
	}
	if v := strings.TrimPrefix(custom.Version, "v"); !strings.Contains(string(out), " "+v+" ") && !strings.Contains(string(out), " v"+v+" ") {
		t.Errorf(".custom-gcl.yml names golangci-lint %s; the plugin's binary is %s", custom.Version, bytes.TrimSpace(out))
	}
	var workflow struct {
		Jobs map[string]struct {
			Steps []struct {
				Uses string
				With map[string]string
			}
		}
	}
	readYAML(t, filepath.Join(root, "docs/examples/golangci-lint.yml"), &workflow)
	found := false
	for _, job := range workflow.Jobs {
		for _, step := range job.Steps {
			if strings.HasPrefix(step.Uses, "golangci/golangci-lint-action@") {
				found = true
				if !actionIsV9(t, filepath.Join(root, "docs/examples/golangci-lint.yml"), step.Uses) {
					t.Errorf("the workflow uses %s; module plugins are built by v9", step.Uses)
				}
				if step.With["version"] != custom.Version {
					t.Errorf("the workflow asks for golangci-lint %q, .custom-gcl.yml names %q", step.With["version"], custom.Version)
				}
			}
		}
	}
	if !found {
		t.Error("docs/examples/golangci-lint.yml has no golangci-lint-action step")
	}
}

func readYAML(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// actionIsV9 reports whether uses names golangci-lint-action v9: by its
// major tag, or pinned to a commit whose comment in the workflow file
// names a v9 release (`@<sha> # v9.3.0`).
func actionIsV9(t *testing.T, workflow, uses string) bool {
	t.Helper()
	_, ref, _ := strings.Cut(uses, "@")
	if ref == "v9" {
		return true
	}
	if len(ref) != 40 || strings.Trim(ref, "0123456789abcdef") != "" {
		return false
	}
	text, err := os.ReadFile(workflow)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(text), "\n") {
		if _, comment, ok := strings.Cut(line, uses+" #"); ok && strings.HasPrefix(strings.TrimSpace(comment), "v9") {
			return true
		}
	}
	return false
}
