package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// reviewdogPackage is the reviewdog that reads -format=rdjson(l) in the
// end-to-end test, the one action.yml installs for its suggestions.
const reviewdogPackage = "github.com/reviewdog/reviewdog/cmd/reviewdog@v0.21.0"

// TestReviewdogReadsRDJSON has reviewdog read both formats with its local
// reporters: -reporter=local prints every finding, and -reporter=rdjsonl
// writes back what reviewdog understood, which must be all that
// conflictlint wrote (reviewdog drops a field it does not know without a
// word, so a misspelt one would show here and nowhere else). Last, as a
// pull request's review would, reviewdog keeps the findings on the lines
// that git diff shows changed, which it can match only if the paths are
// the ones git prints.
func TestReviewdogReadsRDJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads reviewdog")
	}
	reviewdog := buildReviewdog(t) // before gopath, which points GOPATH elsewhere
	root := gitRepo(t)
	write(t, filepath.Join(root, movedFile), movedSource) // a fix of several edits
	commitAll(t, "moved")
	stream := conflictlint(t, root, "-format=rdjsonl", "cmdreport/...")
	stream.want(t, exitFindings)
	doc := conflictlint(t, root, "-format=rdjson", "cmdreport/...")
	doc.want(t, exitFindings)
	ours := decodeRDJSONL(t, stream.stdout)
	if len(ours) != 6 {
		t.Fatalf("%d findings, want cmdreport's 6 (app and moved):\n%s", len(ours), stream.stdout)
	}

	// The local reporter prints each diagnostic as it was given, one a
	// line for rdjsonl.
	local := runReviewdog(t, reviewdog, root, stream.stdout, "-f=rdjsonl", "-reporter=local", "-filter-mode=nofilter")
	if local != stream.stdout {
		t.Errorf("reviewdog -reporter=local printed:\n%s\nwant the rdjsonl lines:\n%s", local, stream.stdout)
	}
	// From rdjson it prints each diagnostic in protobuf's text form.
	local = runReviewdog(t, reviewdog, root, doc.stdout, "-f=rdjson", "-reporter=local", "-filter-mode=nofilter")
	lines := strings.Split(strings.TrimSuffix(local, "\n"), "\n")
	if len(lines) != len(ours) {
		t.Fatalf("reviewdog -reporter=local printed %d lines for %d findings:\n%s", len(lines), len(ours), local)
	}
	for i, line := range lines {
		if !strings.Contains(line, `"`+ours[i].Location.Path+`"`) || strings.Contains(line, "suggestions:") != (len(ours[i].Suggestions) > 0) {
			t.Errorf("reviewdog's line %d does not show finding %d (%s, %d suggestions): %s", i+1, i+1, ours[i].Location.Path, len(ours[i].Suggestions), line)
		}
	}

	for _, input := range []struct{ format, text string }{{"rdjsonl", stream.stdout}, {"rdjson", doc.stdout}} {
		back := runReviewdog(t, reviewdog, root, input.text, "-f="+input.format, "-reporter=rdjsonl", "-filter-mode=nofilter")
		if got := decodeRDJSONL(t, back); !reflect.DeepEqual(got, ours) {
			t.Errorf("-f=%s: reviewdog read back:\n%s\nwant:\n%s", input.format, back, stream.stdout)
		}
	}

	editApp(t, root, "stale: the error is returned now", "stale: the error is returned now, really")
	changed := conflictlint(t, root, "-format=rdjsonl", "cmdreport/...")
	inDiff := decodeRDJSONL(t, runReviewdog(t, reviewdog, root, changed.stdout, "-f=rdjsonl", "-reporter=local", "-diff=git diff"))
	if len(inDiff) != 1 || inDiff[0].Location.Range.Start.Line != 41 || len(inDiff[0].Suggestions) != 1 {
		t.Errorf("reviewdog -diff kept %+v, want the directive on the changed line 41 with its fix", inDiff)
	}
}

// buildReviewdog installs reviewdogPackage into a temporary directory,
// through the module proxy and the module cache of the environment.
func buildReviewdog(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skipf("go command not found: %v", err)
	}
	bin := t.TempDir()
	cmd := exec.Command("go", "install", reviewdogPackage)
	cmd.Dir = bin // outside any module or workspace
	// -mod=mod: a GOFLAGS=-mod=vendor of the environment would refuse an
	// install at a version.
	cmd.Env = append(os.Environ(), "GOBIN="+bin, "GO111MODULE=on", "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go install %s: %v\n%s", reviewdogPackage, err, out)
	}
	return filepath.Join(bin, "reviewdog")
}

// runReviewdog runs reviewdog in dir, the root that the paths are
// relative to, with input on its standard input, and returns its
// standard output.
func runReviewdog(t *testing.T, reviewdog, dir, input string, args ...string) string {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), reviewdog, args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("reviewdog %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String()
}

// TestActionInstallsTheTestedReviewdog keeps the reviewdog that action.yml
// installs for its suggestions the one this file tests the formats with.
func TestActionInstallsTheTestedReviewdog(t *testing.T) {
	action, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(action), "go install "+reviewdogPackage+")") {
		t.Errorf("action.yml does not install %s", reviewdogPackage)
	}
}
