package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// These tests run the standalone driver in-process on the package
// cmdreport/app of the shared stub tree, copied into a temporary GOPATH so
// that it can be edited (GOPATH mode needs no module proxy).

var update = flag.Bool("update", false, "rewrite the golden files")

const appFile = "src/cmdreport/app/app.go"

// Absolute, since the tests change directory.
var (
	stubTree, _    = filepath.Abs("../../testdata/src")
	testdataDir, _ = filepath.Abs("testdata")
)

// gopath copies the stub packages and cmdreport into a temporary GOPATH and
// points the go command at it.
func gopath(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	entries, err := os.ReadDir(stubTree)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && (strings.Contains(e.Name(), ".") || e.Name() == "cmdreport" || e.Name() == "cmdgraded" || e.Name() == "cmdprogram" || e.Name() == "cmdsync" || e.Name() == "cmdresyncoff") {
			src := filepath.Join(stubTree, e.Name())
			if err := os.CopyFS(filepath.Join(dir, "src", e.Name()), os.DirFS(src)); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Setenv("GOPATH", dir)
	t.Setenv("GO111MODULE", "off")
	t.Setenv("GOFLAGS", "")
	t.Setenv("GITHUB_STEP_SUMMARY", "") // a test run inside GitHub Actions writes no job summary
	t.Chdir(dir)
	return dir
}

type outcome struct {
	stdout, stderr string
	exit           int
}

// conflictlint runs the standalone driver with args (paths relative to
// root) and returns what it printed and its exit status.
func conflictlint(t *testing.T, root string, args ...string) outcome {
	t.Helper()
	var stdout, stderr bytes.Buffer
	args = append([]string{"-root=" + root}, args...)
	exit := standalone(args, &stdout, &stderr, func([]string) { t.Fatal("help called") })
	return outcome{stdout.String(), stderr.String(), exit}
}

func (o outcome) want(t *testing.T, exit int) {
	t.Helper()
	if o.exit != exit {
		t.Fatalf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", o.exit, exit, o.stdout, o.stderr)
	}
}

func TestExitStatuses(t *testing.T) {
	root := gopath(t)
	conflictlint(t, root, "cmdreport/...").want(t, exitFindings)
	conflictlint(t, root, "-format=json", "cmdreport/...").want(t, exitFindings)
	conflictlint(t, root, "-format=yaml", "cmdreport/...").want(t, exitUsage)
	conflictlint(t, root, "-nosuchflag", "cmdreport/...").want(t, exitUsage)
	conflictlint(t, root).want(t, exitUsage)

	// A package that does not type-check: an error, whatever else is found.
	broken := filepath.Join(root, "src/cmdreport/broken/broken.go")
	write(t, broken, "package broken\n\nvar x int = \"not an int\"\n")
	conflictlint(t, root, "cmdreport/...").want(t, exitError)
	os.RemoveAll(filepath.Dir(broken))

	// Nothing left to report.
	clean := filepath.Join(root, "src/cmdreport/clean/clean.go")
	write(t, clean, "package clean\n\nfunc F() {}\n")
	conflictlint(t, root, "cmdreport/clean").want(t, exitClean)
}

func TestTextMatchesVetStyle(t *testing.T) {
	root := gopath(t)
	o := conflictlint(t, root, "cmdreport/...")
	o.want(t, exitFindings)
	if o.stderr != "" {
		t.Errorf("findings go to standard output, got stderr %q", o.stderr)
	}
	// Paths are relative to the working directory (root here), as go vet
	// prints them; with -abs they are absolute.
	for _, want := range []string{
		appFile + ":19:6: conflict from s.c.Update cannot be returned by dropped",
		"\n\t" + appFile + ":23:9: the conflict-prone write: c.Update\n",
		appFile + ":41:2: conflictlint:ignore directive for unretriedupdate suppresses nothing: remove it",
	} {
		if !strings.Contains(o.stdout, want) {
			t.Errorf("missing %q in\n%s", want, o.stdout)
		}
	}
	// Each finding's line ends with its analyzer's name, which is what a
	// suppression names; a related location's line starts with a tab, so
	// that only findings start a line with a position.
	for _, line := range strings.Split(strings.TrimSuffix(o.stdout, "\n"), "\n") {
		related := strings.HasPrefix(line, "\t")
		named := strings.HasSuffix(line, " (unretriedupdate)")
		if related == named {
			t.Errorf("line %q: want the analyzer's name at the end of a finding's line, and only there", line)
		}
	}
	if strings.Contains(o.stdout, ":36:") {
		t.Errorf("the suppressed finding on line 36 was reported:\n%s", o.stdout)
	}
	abs := conflictlint(t, root, "-abs", "cmdreport/...")
	if want := filepath.Join(root, appFile) + ":19:6: "; !strings.HasPrefix(abs.stdout, want) {
		t.Errorf("-abs: want the output to begin with %q:\n%s", want, abs.stdout)
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestDelegated(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"./..."}, false},
		{[]string{"-format=sarif", "./..."}, false},
		{[]string{"-baseline", "b.json", "./..."}, false},
		{[]string{"-V=full"}, true},
		{[]string{"-flags"}, true},
		{[]string{"-fix", "./..."}, false},
		{[]string{"-fix", "-diff", "./..."}, false},
		{[]string{"-c=2", "./..."}, true},
		{[]string{"-unretriedupdate.mode=strict", "/tmp/go-build/vet.cfg"}, true},
		{[]string{"./...", "-diff"}, false}, // flags end at the first package
	} {
		if got := delegated(tc.args); got != tc.want {
			t.Errorf("delegated(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}

// TestFix applies the fixes in-process: the unused directive of app.go is
// removed, the findings without a fix are listed, and the status says
// that findings remain.
func TestFix(t *testing.T) {
	root := gopath(t)
	o := conflictlint(t, root, "-fix", "cmdreport/...")
	o.want(t, exitFindings)
	lines := strings.Split(strings.TrimSuffix(o.stderr, "\n"), "\n")
	if want := "conflictlint.test: applied 1 fix in 1 file; 4 findings without a fix:"; lines[0] != want {
		t.Errorf("first line %q, want %q", lines[0], want)
	}
	unfixable(t, root, lines[1:])
	src, err := os.ReadFile(filepath.Join(root, appFile))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(src), "stale: the error is returned now") {
		t.Errorf("the unused directive is still there:\n%s", src)
	}
	again := conflictlint(t, root, "-fix", "cmdreport/...")
	if want := "conflictlint.test: applied 0 fixes in 0 files; 4 findings without a fix:\n"; !strings.HasPrefix(again.stderr, want) {
		t.Errorf("second run: stderr = %q, want it to begin with %q", again.stderr, want)
	}
}

// unfixable checks the list of findings without a fix that -fix prints:
// the four lost conflicts of app.go, in the text report's form.
func unfixable(t *testing.T, root string, lines []string) {
	t.Helper()
	var got []string
	for _, line := range lines {
		pos, _, _ := strings.Cut(line, ": ")
		got = append(got, strings.TrimPrefix(pos, appFile))
		if !strings.HasSuffix(line, " (unretriedupdate)") {
			t.Errorf("line %q does not name its analyzer", line)
		}
	}
	if want := []string{":19:6", ":27:6", ":31:24", ":32:6"}; !slices.Equal(got, want) {
		t.Errorf("findings without a fix at %q, want %s%q", got, appFile, want)
	}
}

// TestFixDiff prints the fixes as a diff, from the same single load as a
// report: the files stay as they are, git apply takes the diff from the
// repository's root, and once it is applied -fix has nothing left to do.
func TestFixDiff(t *testing.T) {
	root := gopath(t)
	runGit(t, "init", "-q")
	before, err := os.ReadFile(filepath.Join(root, appFile))
	if err != nil {
		t.Fatal(err)
	}
	o := conflictlint(t, root, "-fix", "-diff", "cmdreport/...")
	o.want(t, exitFindings) // four findings have no fix
	lines := strings.Split(strings.TrimSuffix(o.stderr, "\n"), "\n")
	if want := "conflictlint.test: the diff shows 1 fix in 1 file; 4 findings without a fix:"; lines[0] != want {
		t.Errorf("first line %q, want %q", lines[0], want)
	}
	unfixable(t, root, lines[1:])
	if want := "--- a/" + appFile + "\n+++ b/" + appFile + "\n@@ "; !strings.HasPrefix(o.stdout, want) {
		t.Errorf("diff does not begin with %q:\n%s", want, o.stdout)
	}
	if after, _ := os.ReadFile(filepath.Join(root, appFile)); !bytes.Equal(after, before) {
		t.Errorf("-diff changed %s", appFile)
	}
	patch := filepath.Join(t.TempDir(), "fix.patch")
	write(t, patch, o.stdout)
	runGit(t, "apply", "--check", patch)
	runGit(t, "apply", patch)
	again := conflictlint(t, root, "-fix", "-diff", "cmdreport/...")
	if again.stdout != "" || !strings.HasPrefix(again.stderr, "conflictlint.test: the diff shows 0 fixes in 0 files;") {
		t.Errorf("after git apply, -fix -diff still has fixes:\n%s\n%s", again.stdout, again.stderr)
	}

	// Without -fix, -diff is a usage error.
	conflictlint(t, root, "-diff", "cmdreport/...").want(t, exitUsage)
}

// TestTags runs on files behind //go:build e2e: one in a package that
// loads, and the only file of a directory, which ./... then leaves out.
// Without -tags the run says that it left two files out and which tag
// brings them in; with -tags=e2e it reports the lost conflicts in both.
func TestTags(t *testing.T) {
	root := gopath(t)
	lost := "\n\nimport (\n\t\"context\"\n\n\tcorev1 \"k8s.io/api/core/v1\"\n\t\"sigs.k8s.io/controller-runtime/pkg/client\"\n)\n\n" +
		"func lost(ctx context.Context, c client.Client, cm corev1.ConfigMap) {\n\t_ = c.Update(ctx, &cm)\n}\n"
	write(t, filepath.Join(root, "src/cmdreport/app/e2e.go"), "//go:build e2e && linux\n\npackage app"+lost)
	write(t, filepath.Join(root, "src/cmdreport/e2e/suite.go"), "//go:build e2e\n\npackage e2e"+lost)
	// Constraints on the platform and "ignore" are the build as meant.
	write(t, filepath.Join(root, "src/cmdreport/app/gen.go"), "//go:build ignore\n\npackage main\n")
	write(t, filepath.Join(root, "src/cmdreport/app/w.go"), "//go:build windows || plan9\n\npackage app\n")

	o := conflictlint(t, root, "./src/cmdreport/...")
	o.want(t, exitFindings)
	want := "conflictlint.test: 2 files in 2 directories not analyzed: their //go:build lines need tags that are not set; -tags=e2e includes them\n"
	if !strings.HasPrefix(o.stderr, want) {
		t.Errorf("stderr does not begin with %q:\n%s", want, o.stderr)
	}
	if strings.Contains(o.stdout, "e2e.go:") || strings.Contains(o.stdout, "suite.go:") {
		t.Errorf("a file behind a tag was analyzed without -tags:\n%s", o.stdout)
	}

	tagged := conflictlint(t, root, "-tags=e2e", "./src/cmdreport/...")
	tagged.want(t, exitFindings)
	for _, file := range []string{"app/e2e.go:13:6: ", "e2e/suite.go:13:6: "} {
		if !strings.Contains(tagged.stdout, file) {
			t.Errorf("-tags=e2e: no finding in %s:\n%s", file, tagged.stdout)
		}
	}
	if strings.Contains(tagged.stderr, "not analyzed") {
		t.Errorf("-tags=e2e still says files were left out:\n%s", tagged.stderr)
	}

	// Tags set through GOFLAGS count as set.
	t.Setenv("GOFLAGS", "-tags=e2e")
	if o := conflictlint(t, root, "./src/cmdreport/..."); strings.Contains(o.stderr, "not analyzed") || !strings.Contains(o.stdout, "suite.go:13:6: ") {
		t.Errorf("GOFLAGS=-tags=e2e: want the tagged files analyzed, and no note:\n%s%s", o.stdout, o.stderr)
	}
}

// TestFixDiffGates: -fix -diff changes nothing, so while it prints a diff
// it exits 3, even when every finding has a fix: a CI step fails on "the
// fixes are not applied". Once they are, it prints nothing and exits 0.
func TestFixDiffGates(t *testing.T) {
	root := gopath(t)
	runGit(t, "init", "-q")
	write(t, filepath.Join(root, "src/allfixable/r.go"), `package allfixable

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err
	}
	cm.Data["seen"] = "true"
	if err := r.Update(ctx, &cm); err != nil {
		log.Printf("update: %v", err)
	}
	return ctrl.Result{}, nil
}
`)
	o := conflictlint(t, root, "-fix", "-diff", "allfixable")
	o.want(t, exitFindings)
	if !strings.Contains(o.stderr, "the diff shows 1 fix in 1 file; 0 findings without a fix") || o.stdout == "" {
		t.Fatalf("want one fix as a diff and none left:\nstdout:\n%s\nstderr:\n%s", o.stdout, o.stderr)
	}
	patch := filepath.Join(t.TempDir(), "fix.patch")
	write(t, patch, o.stdout)
	runGit(t, "apply", patch)
	again := conflictlint(t, root, "-fix", "-diff", "allfixable")
	again.want(t, exitClean)
	if again.stdout != "" {
		t.Errorf("after git apply, the diff is not empty:\n%s", again.stdout)
	}
}
