package conflictlint_test

// The end-to-end test of the plugin: it builds cmd/golangci-lint-conflictlint
// (golangci-lint with the plugin built in, from the module proxy) once, and
// runs it with .golangci-plugin.yml on testdata/example, a module that uses
// the real client-go and controller-runtime.
//
// It needs the go command and the module proxy (or a filled module cache).
// Without go on PATH it is skipped; any other problem, network errors
// included, is a failure.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/conflictlint/conflictlint/internal/expected"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

const (
	exampleDir   = "testdata/example"
	pluginConfig = ".golangci-plugin.yml"
	binaryModule = "cmd/golangci-lint-conflictlint"
	linterName   = "conflictlint"
)

// finding is one reported problem, as expected.txt lists it.
type finding = expected.Finding

func TestGolangciLintPlugin(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skipf("go command not found: %v", err)
	}
	root, err := os.Getwd()
	if err == nil {
		root, err = filepath.EvalSymlinks(root) // reported paths are resolved
	}
	if err != nil {
		t.Fatal(err)
	}
	example := filepath.Join(root, exampleDir)
	if err := testdir.StatSources(root); err != nil {
		t.Fatal(err)
	}
	config, err := os.ReadFile(filepath.Join(root, pluginConfig))
	if err != nil {
		t.Fatal(err)
	}
	want := expected.Read(t, example)
	gcl := buildGolangciLint(t, root)
	goCommand(t, example, "mod", "download")
	checkDocumentedFlags(t, gcl, root)
	checkWorkflowVersion(t, gcl, root)

	// 1. The checked-in configuration reports exactly expected.txt, run as
	// the README says (in the example module: ./... from the repository
	// root neither enters testdata nor another module), one issue per
	// finding: related positions are in the issue's text, relative to its
	// file.
	// The run adds the flags VS Code's Go extension passes golangci-lint
	// v2, its text report going to a file beside the JSON one, so that the
	// text the editors parse is checked on the same run (docs/editors.md).
	textReport := filepath.Join(t.TempDir(), "report.txt")
	base := lint(t, gcl, example, string(config), editorFlags(textReport)...)
	expected.Check(t, "golangci-lint with default settings on "+exampleDir, want, base.findings)
	checkTextReport(t, textReport, example, base)
	// widget_controller.go:89 calls a helper whose write is in status.go;
	// the related position comes before the consequence clause, which
	// stays last.
	if i := slices.Index(base.findings, finding{Path: "internal/controller/widget_controller.go", Line: 89, Analyzer: "unretriedupdate"}); i < 0 ||
		!strings.Contains(base.texts[i], "; the conflict-prone write: Status().Update at status.go:18; ") {
		t.Errorf("the finding at widget_controller.go:89 does not name its helper's write at status.go:18: %q", base.texts)
	}

	// 2. mode: strict reports more: writes whose error is only returned.
	// (It reports such a write in a helper itself rather than the helper's
	// call, so a few default findings move.)
	strict := lint(t, gcl, example, edit(t, string(config), "mode: propagate", "mode: strict"))
	moved, extra := expected.Diff(base.findings, strict.findings)
	if len(extra) == 0 || len(strict.findings) <= len(base.findings) {
		t.Errorf("mode: strict reported %d findings, the default mode %d; want more", len(strict.findings), len(base.findings))
	}
	t.Logf("mode: strict adds %d findings: %v", len(extra), extra)
	t.Logf("mode: strict drops %d findings: %v", len(moved), moved)

	// 3. Disabling unretriedupdate removes its findings and nothing else.
	disabled := lint(t, gcl, example, edit(t, string(config), "disable: []", "disable: [unretriedupdate]"))
	expected.Check(t, "golangci-lint with disable: [unretriedupdate] on "+exampleDir, expected.Without(base.findings, "unretriedupdate"), disabled.findings)

	// 4. Bad settings stop golangci-lint with a message naming the key and
	// the accepted values.
	bad := runLint(t, gcl, example, edit(t, string(config), "mode: propagate", "mode: lenient"))
	if wantMsg := `unretriedupdate.mode: unknown mode "lenient": want one of propagate, strict`; bad.exit == 0 || !strings.Contains(bad.stderr, wantMsg) {
		t.Errorf("mode: lenient: exit %d, stderr %q; want a failure mentioning %q", bad.exit, bad.stderr, wantMsg)
	}

	// 5. On a copy: //nolint:conflictlint silences a finding, and --fix
	// applies the suggested fixes (a fixed finding is no longer reported)
	// and leaves a module that builds.
	testFixAndNolint(t, gcl, example, string(config), base)

	// 6. On another copy: //nolint:conflictlint on each finding's line
	// silences all of them, related positions included.
	testNolintEach(t, gcl, example, string(config), base)
}

func testNolintEach(t *testing.T, gcl, example, config string, base lintResult) {
	dir := filepath.Join(t.TempDir(), "example")
	if err := os.CopyFS(dir, os.DirFS(example)); err != nil {
		t.Fatal(err)
	}
	for _, f := range base.findings {
		nolint(t, filepath.Join(dir, filepath.FromSlash(f.Path)), f.Line)
	}
	if left := lint(t, gcl, dir, config); len(left.findings) > 0 {
		t.Errorf("with //nolint:conflictlint on every finding's line, golangci-lint still reports %v", left.findings)
	}
}

// nolint puts //nolint:conflictlint on a line, before the line's own
// comment if it has one (a directive must start its comment).
func nolint(t *testing.T, path string, line int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	l := lines[line-1]
	if strings.Contains(l, "nolint:conflictlint") {
		return // two findings on one line
	}
	if strings.Contains(l, "`") || strings.Contains(l, "/*") {
		t.Fatalf("%s:%d: cannot add a //nolint to %q", path, line, l)
	}
	if before, comment, ok := strings.Cut(l, "//"); ok {
		l = before + "//nolint:conflictlint // " + comment
	} else {
		l += " //nolint:conflictlint"
	}
	lines[line-1] = l
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

func testFixAndNolint(t *testing.T, gcl, example, config string, base lintResult) {
	tmp, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(tmp, "example")
	if err := os.CopyFS(dir, os.DirFS(example)); err != nil {
		t.Fatal(err)
	}
	silenced, ok := addNolint(t, dir, base.findings)
	if !ok {
		t.Fatal("no finding on a line where a //nolint comment can be appended")
	}
	t.Logf("silenced %v with //nolint:conflictlint", silenced)
	before := snapshot(t, dir)
	fixed := lint(t, gcl, dir, config, "--fix")
	wantLeft := slices.DeleteFunc(slices.Clone(base.findings), func(f finding) bool {
		return f == silenced || base.fixable[f]
	})
	expected.Check(t, "golangci-lint with --fix with one //nolint:conflictlint on "+exampleDir, wantLeft, fixed.findings)
	changed := changedFiles(t, dir, before)
	t.Logf("--fix applied %d fixes, changed %v", len(base.fixable), changed)
	if len(base.fixable) > 0 && len(changed) == 0 {
		t.Errorf("--fix changed no file although %d findings have fixes", len(base.fixable))
	}
	goCommand(t, dir, "build", "./...")
	if len(base.fixable) > 0 {
		// The fixes resolve their findings.
		again := lint(t, gcl, dir, config)
		for f := range base.fixable {
			if slices.Contains(again.findings, f) {
				t.Errorf("%v is still reported after --fix", f)
			}
		}
	}
}

// buildGolangciLint builds the golangci-lint binary with the plugin into a
// temporary directory, once per test run; Go's build cache makes rebuilds
// cheap.
func buildGolangciLint(t *testing.T, root string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: building golangci-lint downloads it and its linters")
	}
	bin := filepath.Join(t.TempDir(), "golangci-lint-conflictlint")
	start := time.Now()
	cmd := exec.CommandContext(t.Context(), "go", "build", "-o", bin, ".")
	cmd.Dir = filepath.Join(root, binaryModule)
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=readonly"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build in %s: %v\n%s", binaryModule, err, out)
	}
	t.Logf("built %s in %v", binaryModule, time.Since(start).Round(time.Second))
	out, err := exec.Command(bin, "version").CombinedOutput()
	if err != nil {
		t.Fatalf("%s version: %v\n%s", bin, err, out)
	}
	t.Logf("%s", bytes.TrimSpace(out))
	return bin
}

// goCommand runs the go command in dir, with the module's go.mod and go.sum
// as they are.
func goCommand(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), "go", args...)
	cmd.Dir = dir
	cmd.Env = expected.Env()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out)
	}
}

type runResult struct {
	stdout, stderr string
	exit           int
}

// runLint runs `golangci-lint run` with the given configuration text on
// dir, with JSON output on stdout and a cache of its own (golangci-lint's
// result cache does not key on plugin settings).
func runLint(t *testing.T, gcl, dir, config string, extra ...string) runResult {
	t.Helper()
	tmp := t.TempDir()
	cfgPath := filepath.Join(tmp, "golangci.yml")
	if err := os.WriteFile(cfgPath, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	// --allow-parallel-runners: the tests of other packages (or another
	// checkout's) may run golangci-lint at the same time; its lock would
	// otherwise fail this run.
	args := append([]string{"run", "-c", cfgPath, "--allow-parallel-runners", "--output.json.path=stdout", "--output.text.path=", "--path-mode=abs", "--show-stats=false"}, extra...)
	args = append(args, "./...")
	cmd := exec.CommandContext(t.Context(), gcl, args...)
	cmd.Dir = dir
	cmd.Env = append(expected.Env(), "GOLANGCI_LINT_CACHE="+filepath.Join(tmp, "cache"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	res := runResult{stdout: stdout.String(), stderr: stderr.String()}
	var exitErr *exec.ExitError
	switch {
	case errors.As(err, &exitErr) && exitErr.Exited():
		res.exit = exitErr.ExitCode()
	case err != nil:
		t.Fatalf("golangci-lint %s: %v\nstderr:\n%s", strings.Join(args, " "), err, stderr.String())
	}
	t.Logf("golangci-lint run %s: exit status %d after %v", strings.Join(append(extra, "./..."), " "), res.exit, time.Since(start).Round(time.Second))
	return res
}

type lintResult struct {
	findings []finding
	fixable  map[finding]bool // findings that carry a suggested fix
	texts    []string         // the issues' texts, in the order of findings
}

// lint runs golangci-lint and parses its findings. Exit status 0 (no
// findings) and 1 (findings) are success.
func lint(t *testing.T, gcl, dir, config string, extra ...string) lintResult {
	t.Helper()
	res := runLint(t, gcl, dir, config, extra...)
	if res.exit != 0 && res.exit != 1 {
		t.Fatalf("golangci-lint exit status %d\nstdout:\n%s\nstderr:\n%s", res.exit, res.stdout, res.stderr)
	}
	out, err := parseJSON([]byte(res.stdout), dir)
	if err != nil {
		t.Fatalf("%v\nstdout:\n%s\nstderr:\n%s", err, res.stdout, res.stderr)
	}
	return out
}

// parseJSON reads golangci-lint's JSON report. Issues of other linters are
// errors (the configuration enables only conflictlint); golangci-lint's
// copies of a diagnostic's related locations are skipped.
func parseJSON(data []byte, dir string) (lintResult, error) {
	var report struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename string
				Line     int
				Column   int
			}
			SuggestedFixes []json.RawMessage
		}
	}
	if err := json.Unmarshal(data, &report); err != nil {
		return lintResult{}, fmt.Errorf("decoding golangci-lint's JSON: %v", err)
	}
	res := lintResult{fixable: map[finding]bool{}}
	for _, is := range report.Issues {
		if is.FromLinter != linterName {
			return res, fmt.Errorf("issue from linter %q (want only %s): %s", is.FromLinter, linterName, is.Text)
		}
		analyzer, _, ok := strings.Cut(is.Text, ": ")
		if strings.HasSuffix(analyzer, "(related information)") {
			return res, fmt.Errorf("a related position became an issue of its own (it should be folded into its finding's text): %s", is.Text)
		}
		if !ok || strings.Contains(analyzer, " ") {
			return res, fmt.Errorf("issue text %q does not start with an analyzer name", is.Text)
		}
		// nvim-lint and GoLand place a diagnostic by its column too.
		if is.Pos.Column <= 0 || !filepath.IsAbs(is.Pos.Filename) {
			return res, fmt.Errorf("issue at %s:%d:%d: want an absolute path (--path-mode=abs) and a column", is.Pos.Filename, is.Pos.Line, is.Pos.Column)
		}
		rel, err := filepath.Rel(dir, is.Pos.Filename)
		if err != nil || strings.HasPrefix(rel, "..") {
			return res, fmt.Errorf("issue outside %s: %s", dir, is.Pos.Filename)
		}
		f := finding{Path: filepath.ToSlash(rel), Line: is.Pos.Line, Analyzer: analyzer}
		res.findings = append(res.findings, f)
		res.texts = append(res.texts, is.Text)
		if len(is.SuggestedFixes) > 0 {
			res.fixable[f] = true
		}
	}
	return res, nil
}

// edit replaces old by new in the configuration text, failing if old is not
// there (the checked-in configuration changed shape).
func edit(t *testing.T, config, old, new string) string {
	t.Helper()
	if strings.Count(config, old) != 1 {
		t.Fatalf("%s does not contain %q exactly once", pluginConfig, old)
	}
	return strings.Replace(config, old, new, 1)
}

// addNolint appends //nolint:conflictlint to the line of the first finding
// whose line has no comment or raw string, and returns that finding.
func addNolint(t *testing.T, dir string, fs []finding) (finding, bool) {
	t.Helper()
	for _, f := range fs {
		path := filepath.Join(dir, filepath.FromSlash(f.Path))
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		if l := lines[f.Line-1]; strings.Contains(l, "//") || strings.Contains(l, "`") || strings.Contains(l, "/*") {
			continue
		}
		lines[f.Line-1] += " //nolint:conflictlint // e2e: silenced on purpose"
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		return f, true
	}
	return finding{}, false
}

// snapshot records the content of every Go file under dir.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		files[path] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func changedFiles(t *testing.T, dir string, before map[string]string) []string {
	t.Helper()
	var changed []string
	for path, content := range snapshot(t, dir) {
		if before[path] != content {
			rel, _ := filepath.Rel(dir, path)
			changed = append(changed, filepath.ToSlash(rel))
		}
	}
	slices.Sort(changed)
	return changed
}
