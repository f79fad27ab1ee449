package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBaseline(t *testing.T) {
	root := gopath(t)
	file := filepath.Join(root, "baseline.json")

	// Record: exit 0, one sorted entry per key, equal findings counted.
	o := conflictlint(t, root, "-write-baseline="+file, "cmdreport/...")
	o.want(t, exitClean)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, want := range []string{
		`"function": "(*Syncer).dropped"`,
		`"file": "src/cmdreport/app/app.go"`,
		`"count": 2`, // the two equal findings in twice
		`s.c.Update(ctx, &cm)`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("baseline lacks %s:\n%s", want, text)
		}
	}
	if strings.Contains(text, `"line"`) {
		t.Errorf("baseline records line numbers:\n%s", text)
	}
	b, err := readBaseline(file)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(b.Findings); got != 4 {
		t.Errorf("%d entries, want 4 (5 findings, two of them equal)", got)
	}

	// Everything recorded: clean, even after lines shift.
	conflictlint(t, root, "-baseline="+file, "cmdreport/...").want(t, exitClean)
	shiftLines(t, filepath.Join(root, appFile))
	conflictlint(t, root, "-baseline="+file, "cmdreport/...").want(t, exitClean)

	// A new finding, and a third copy of a recorded one: only they fail.
	src, err := os.ReadFile(filepath.Join(root, appFile))
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(src), "\t_ = c.Update(ctx, &cm)\n}\n\nfunc suppressed", "\t_ = c.Update(ctx, &cm)\n\t_ = c.Update(ctx, &cm)\n}\n\nfunc suppressed", 1)
	edited += "\nfunc added(ctx context.Context, c client.Client, cm corev1.ConfigMap) {\n\t_ = c.Status().Update(ctx, &cm)\n}\n"
	write(t, filepath.Join(root, appFile), edited)
	o = conflictlint(t, root, "-baseline="+file, "-format=github", "cmdreport/...")
	o.want(t, exitFindings)
	lines := strings.Split(strings.TrimSpace(o.stdout), "\n")
	if len(lines) != 2 || !strings.Contains(o.stdout, "is lost in twice") || !strings.Contains(o.stdout, "c.Status().Update(ctx, &cm) is lost in added") {
		t.Errorf("want the third copy in twice and the write in added, got:\n%s", o.stdout)
	}

	// Fixing recorded findings leaves stale entries, which are pointed out.
	write(t, filepath.Join(root, appFile), strings.Replace(edited, "\t_ = s.c.Update(ctx, &cm)\n", "", 1))
	o = conflictlint(t, root, "-baseline="+file, "cmdreport/...")
	if !strings.Contains(o.stderr, file+" records 1 findings that no longer occur") {
		t.Errorf("no note about the stale entry:\n%s", o.stderr)
	}

	// A missing or broken baseline is an error, not an empty baseline.
	conflictlint(t, root, "-baseline="+filepath.Join(root, "missing.json"), "cmdreport/...").want(t, exitError)
	write(t, file, `{"version": 1, "findings": [{"analyser": "typo"}]}`)
	conflictlint(t, root, "-baseline="+file, "cmdreport/...").want(t, exitError)
}

func TestBaselineRefusesIncompleteRun(t *testing.T) {
	root := gopath(t)
	write(t, filepath.Join(root, "src/cmdreport/broken/broken.go"), "package broken\n\nvar x int = \"\"\n")
	file := filepath.Join(root, "baseline.json")
	conflictlint(t, root, "-write-baseline="+file, "cmdreport/...").want(t, exitError)
	if _, err := os.Stat(file); err == nil {
		t.Errorf("a baseline was written for a run with errors")
	}
}
