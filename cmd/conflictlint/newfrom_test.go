package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The diff-aware gate, end to end: the stub GOPATH becomes a real git
// repository, the test edits and commits like a pull request would, and
// the driver runs real git.

// gitRepo turns the GOPATH copy into a git repository on branch main with
// one commit, isolated from the user's git configuration.
func gitRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skipf("git not found: %v", err)
	}
	root := gopath(t)
	t.Setenv("GIT_CONFIG_GLOBAL", os.DevNull)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	for _, v := range []string{"GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"} {
		t.Setenv(v, "conflictlint test")
	}
	for _, v := range []string{"GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"} {
		t.Setenv(v, "test@example.com")
	}
	runGit(t, "init", "-q", "-b", "main")
	commitAll(t, "stubs and cmdreport")
	return root
}

func runGit(t *testing.T, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", args...).CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func commitAll(t *testing.T, msg string) {
	t.Helper()
	runGit(t, "add", "-A")
	runGit(t, "commit", "-q", "-m", msg)
}

// editApp replaces old (which must occur once) by new in app.go.
func editApp(t *testing.T, root, old, new string) {
	t.Helper()
	path := filepath.Join(root, appFile)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(data), old) != 1 {
		t.Fatalf("%s does not contain %q once", appFile, old)
	}
	write(t, path, strings.Replace(string(data), old, new, 1))
}

var annotationPos = regexp.MustCompile(`(?m)^::error file=([^,]+),line=(\d+),`)

// reported lists "file:line" of each annotation of a -format=github run.
func reported(o outcome) []string {
	var out []string
	for _, m := range annotationPos.FindAllStringSubmatch(o.stdout, -1) {
		out = append(out, m[1]+":"+m[2])
	}
	return out
}

func wantReported(t *testing.T, what string, o outcome, want ...string) {
	t.Helper()
	if got := reported(o); !slices.Equal(got, want) {
		t.Errorf("%s reported %v, want %v\nstderr:\n%s", what, got, want, o.stderr)
	}
}

const addedWrite = "\nfunc added(ctx context.Context, c client.Client, cm corev1.ConfigMap) {\n\t_ = c.Status().Update(ctx, &cm)\n}\n"

const untrackedFile = `package app

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func untracked(ctx context.Context, c client.Client, cm corev1.ConfigMap) {
	_ = c.Update(ctx, &cm)
}
`

func TestNewFromRev(t *testing.T) {
	root := gitRepo(t)
	// Unchanged: nothing is new.
	o := conflictlint(t, root, "-format=github", "-new-from-rev=HEAD", "cmdreport/...")
	o.want(t, exitClean)
	if !strings.Contains(o.stderr, "-new-from-rev=HEAD kept 0 of 5 findings") {
		t.Errorf("no summary line:\n%s", o.stderr)
	}

	// A modified line with a finding, the helper's write (a related
	// position of the finding in viaHelper), a committed new function and
	// an uncommitted, untracked file.
	runGit(t, "checkout", "-q", "-b", "feature")
	editApp(t, root, "\t_ = s.c.Update(ctx, &cm)\n", "\t_ = s.c.Update(ctx, &cm) // modified\n")
	editApp(t, root, "\treturn c.Update(ctx, cm)\n", "\treturn c.Update(ctx, cm) // modified\n")
	commitAll(t, "modify dropped and save")
	src, _ := os.ReadFile(filepath.Join(root, appFile))
	write(t, filepath.Join(root, appFile), string(src)+addedWrite)
	write(t, filepath.Join(root, "src/cmdreport/app/untracked.go"), untrackedFile)

	const added = appFile + ":46"
	untracked := "src/cmdreport/app/untracked.go:11"
	o = conflictlint(t, root, "-format=github", "-new-from-rev=main", "cmdreport/...")
	o.want(t, exitFindings)
	wantReported(t, "-new-from-rev=main", o, appFile+":19", appFile+":27", added, untracked)

	// The same change as a patch: git diff's output, without the untracked
	// file, which a patch does not contain.
	patch := filepath.Join(t.TempDir(), "change.patch")
	write(t, patch, runGit(t, "diff", "main"))
	o = conflictlint(t, root, "-format=github", "-new-from-patch="+patch, "cmdreport/...")
	o.want(t, exitFindings)
	wantReported(t, "-new-from-patch", o, appFile+":19", appFile+":27", added)
}

func TestNewFromMergeBase(t *testing.T) {
	root := gitRepo(t)
	runGit(t, "checkout", "-q", "-b", "feature")
	src, _ := os.ReadFile(filepath.Join(root, appFile))
	write(t, filepath.Join(root, appFile), string(src)+addedWrite)
	commitAll(t, "add a write")

	// main moves on after the branch: it rewrites the lines of twice.
	runGit(t, "checkout", "-q", "main")
	editApp(t, root, "\t_ = c.Update(ctx, &cm)\n}\n\nfunc suppressed", "\t_ = c.Update(ctx, &cm) // on main\n}\n\nfunc suppressed")
	commitAll(t, "main moves on")
	runGit(t, "checkout", "-q", "feature")

	// Against main itself, twice's lines differ too; against the merge
	// base, only the branch's own change counts.
	o := conflictlint(t, root, "-format=github", "-new-from-rev=main", "cmdreport/...")
	wantReported(t, "-new-from-rev=main", o, appFile+":32", appFile+":46")
	o = conflictlint(t, root, "-format=github", "-new-from-merge-base=main", "cmdreport/...")
	o.want(t, exitFindings)
	wantReported(t, "-new-from-merge-base=main", o, appFile+":46")
}

func TestNewFromErrors(t *testing.T) {
	root := gitRepo(t)
	o := conflictlint(t, root, "-new-from-rev=main", "-new-from-patch=x.patch", "cmdreport/...")
	o.want(t, exitUsage)
	o = conflictlint(t, root, "-new-from-rev=no-such-branch", "cmdreport/...")
	o.want(t, exitError)
	if !strings.Contains(o.stderr, "no-such-branch") {
		t.Errorf("git's error is not shown:\n%s", o.stderr)
	}
	conflictlint(t, root, "-new-from-patch="+filepath.Join(root, "missing.patch"), "cmdreport/...").want(t, exitError)
}

// TestParseChanges: the new-side lines a patch adds or modifies, for a
// modified, an added, a deleted and a renamed file.
func TestParseChanges(t *testing.T) {
	const patch = `diff --git a/pkg/a.go b/pkg/a.go
index 1111111..2222222 100644
--- a/pkg/a.go
+++ b/pkg/a.go
@@ -3,2 +3,3 @@ func F() {
 	x := 1
-	_ = c.Update(ctx, &x)
+	_ = c.Update(ctx, &y)
+	_ = c.Status().Update(ctx, &y)
@@ -20,1 +21,0 @@ func G() {
-	gone()
diff --git a/pkg/new.go b/pkg/new.go
new file mode 100644
index 0000000..3333333
--- /dev/null
+++ b/pkg/new.go
@@ -0,0 +1,2 @@
+package pkg
+var v = 1
diff --git a/pkg/old.go b/pkg/old.go
deleted file mode 100644
index 4444444..0000000
--- a/pkg/old.go
+++ /dev/null
@@ -1 +0,0 @@
-package pkg
diff --git a/pkg/before.go b/pkg/after.go
similarity index 90%
rename from pkg/before.go
rename to pkg/after.go
index 5555555..6666666 100644
--- a/pkg/before.go
+++ b/pkg/after.go
@@ -7 +7 @@
-	old()
+	renamed()
`
	dir := t.TempDir()
	changed, err := parseChanges(strings.NewReader(patch), dir)
	if err != nil {
		t.Fatal(err)
	}
	at := func(name string) string { return filepath.Join(dir, "pkg", name) }
	want := map[string][]int{at("a.go"): {4, 5}, at("new.go"): {1, 2}, at("after.go"): {7}}
	if len(changed) != len(want) {
		t.Errorf("changed files %v, want %v", changed, want)
	}
	for file, lines := range want {
		var got []int
		for l := range changed[file] {
			got = append(got, l)
		}
		slices.Sort(got)
		if !slices.Equal(got, lines) {
			t.Errorf("%s: changed lines %v, want %v", file, got, lines)
		}
	}
	// A finding spanning lines 2-4 of a.go is touched; one on line 3 only is not.
	if !changed.covers(at("a.go"), 2, 4) || changed.covers(at("a.go"), 3, 3) {
		t.Errorf("covers: want lines 2-4 touched and line 3 not")
	}
}
