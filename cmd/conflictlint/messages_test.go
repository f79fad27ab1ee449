package main

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestBadFlagValueIsOneLine(t *testing.T) {
	root := gopath(t)
	o := conflictlint(t, root, "-unretriedupdate.mode=lenient", "cmdreport/...")
	o.want(t, exitUsage)
	if lines := strings.Split(strings.TrimSpace(o.stderr), "\n"); len(lines) != 1 || !strings.Contains(lines[0], `unknown mode "lenient"`) {
		t.Errorf("want one line naming the bad value, got:\n%s", o.stderr)
	}
}

func TestHelpListsEveryFlag(t *testing.T) {
	root := gopath(t)
	h := conflictlint(t, root, "-h")
	h.want(t, exitClean)
	help := conflictlint(t, root, "help")
	help.want(t, exitClean)
	if help.stdout != h.stderr {
		t.Errorf("`help` (stdout) and -h (stderr) differ:\n%s\n---\n%s", help.stdout, h.stderr)
	}
	for _, flag := range []string{"-format", "-baseline", "-new-from-rev", "-new-from-merge-base", "-new-from-patch", "-v", "-fix", "-diff", "-version", "-unretriedupdate.mode", "-staleupdate"} {
		if !strings.Contains(help.stdout, "\n  "+flag+" ") && !strings.Contains(help.stdout, "\n  "+flag+"\n") && !strings.Contains(help.stdout, "\n  "+flag+"\t") {
			t.Errorf("help does not list %s:\n%s", flag, help.stdout)
		}
	}
}

func TestLoadErrorsOnce(t *testing.T) {
	root := gopath(t)
	write(t, filepath.Join(root, "src/cmdreport/broken/broken.go"), "package broken\n\nvar x int = \"not an int\"\n")
	write(t, filepath.Join(root, "src/cmdreport/broken/broken_test.go"), "package broken\n")
	o := conflictlint(t, root, "cmdreport/...")
	o.want(t, exitError)
	if n := strings.Count(o.stderr, `cannot use "not an int"`); n != 1 {
		t.Errorf("the type error is printed %d times, want once:\n%s", n, o.stderr)
	}
	if strings.Contains(o.stderr, "analysis skipped") {
		t.Errorf("per-analyzer skip lines:\n%s", o.stderr)
	}
}

func TestNothingMatchedSaysWhy(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "x.go"), "package x\n")
	t.Chdir(dir)
	t.Setenv("GO111MODULE", "on")
	t.Setenv("GOFLAGS", "")
	t.Setenv("GOWORK", "off")
	o := conflictlint(t, dir, ".")
	o.want(t, exitError)
	if !strings.Contains(o.stderr, "go.mod file not found") {
		t.Errorf("go's own error is not passed on:\n%s", o.stderr)
	}
}

func TestProgress(t *testing.T) {
	root := gopath(t)
	quiet := conflictlint(t, root, "-format=json", "cmdreport/...")
	if quiet.stderr != "" {
		t.Errorf("progress without -v on a non-terminal:\n%s", quiet.stderr)
	}
	o := conflictlint(t, root, "-v", "-format=json", "cmdreport/...")
	o.want(t, exitFindings)
	for _, want := range []string{"loading cmdreport/...", "analyzing 1 packages", "5 findings"} {
		if !strings.Contains(o.stderr, want) {
			t.Errorf("-v does not say %q:\n%s", want, o.stderr)
		}
	}
}
