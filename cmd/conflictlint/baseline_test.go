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
		`"package": "cmdreport/app"`,
		`"count": 2`,                  // the two equal findings in twice
		`"code": "_.c.Update(_, &_)"`, // s.c.Update(ctx, &cm): local names are "_"
		`"code": "save(_, _, &_)"`,    // the helper's call
	} {
		if !strings.Contains(text, want) {
			t.Errorf("baseline lacks %s:\n%s", want, text)
		}
	}
	if strings.Contains(text, `"line"`) || strings.Contains(text, `"message"`) {
		t.Errorf("baseline records line numbers or messages:\n%s", text)
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
	if len(lines) != 2 || !strings.Contains(o.stdout, "cannot be returned by twice") || !strings.Contains(o.stdout, "Status().Update cannot be returned by added") {
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
	write(t, file, `{"version": 2, "findings": [{"analyser": "typo"}]}`)
	conflictlint(t, root, "-baseline="+file, "cmdreport/...").want(t, exitError)

	// A version 1 baseline (keyed on messages) asks to be recorded again.
	write(t, file, `{"version": 1, "findings": [{"analyzer": "unretriedupdate", "file": "a.go", "message": "m"}]}`)
	o = conflictlint(t, root, "-baseline="+file, "cmdreport/...")
	o.want(t, exitError)
	if !strings.Contains(o.stderr, "record it again with -write-baseline") {
		t.Errorf("no advice for a version 1 baseline:\n%s", o.stderr)
	}
}

// TestBaselineSurvivesEdits: renames and reordering keep recorded findings
// hidden; a write fixed and another added in the same function is new.
func TestBaselineSurvivesEdits(t *testing.T) {
	root := gopath(t)
	file := filepath.Join(root, "baseline.json")
	conflictlint(t, root, "-write-baseline="+file, "cmdreport/...").want(t, exitClean)
	path := filepath.Join(root, appFile)
	original, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	run := func(what, src string) outcome {
		t.Helper()
		write(t, path, src)
		o := conflictlint(t, root, "-baseline="+file, "-format=github", "cmdreport/...")
		t.Logf("%s:\n%s", what, o.stderr)
		return o
	}

	// Rename the receiver, parameters and the helper's arguments.
	renamed := replaceAll(t, string(original),
		"func (s *Syncer) dropped(ctx context.Context, cm corev1.ConfigMap) {\n\t_ = s.c.Update(ctx, &cm)",
		"func (syncer *Syncer) dropped(reqCtx context.Context, obj corev1.ConfigMap) {\n\t_ = syncer.c.Update(reqCtx, &obj)",
		"func viaHelper(ctx context.Context, c client.Client, cm corev1.ConfigMap) {\n\t_ = save(ctx, c, &cm)",
		"func viaHelper(ctx context.Context, cl client.Client, widget corev1.ConfigMap) {\n\t_ = save(ctx, cl, &widget)")
	run("renamed", renamed).want(t, exitClean)

	// Reorder: viaHelper moves below twice, and twice's writes are
	// reformatted over several lines.
	helper := "func viaHelper(ctx context.Context, c client.Client, cm corev1.ConfigMap) {\n\t_ = save(ctx, c, &cm)\n}\n\n"
	reordered := replaceAll(t, string(original), helper, "",
		"func suppressed(", helper+"func suppressed(",
		"\t_ = c.Update(ctx, &cm)\n}\n\n"+helper, "\t_ = c.Update(\n\t\tctx,\n\t\t&cm,\n\t)\n}\n\n"+helper)
	run("reordered", reordered).want(t, exitClean)

	// Fix one write of twice and add another kind of write there: the
	// new one is reported, and the fixed one's entry is stale.
	fixOneAddOne := replaceAll(t, string(original),
		"\t_ = c.Update(ctx, &cm)\n}\n\nfunc suppressed", "\t_ = c.Status().Update(ctx, &cm)\n}\n\nfunc suppressed")
	o := run("fix one, add one", fixOneAddOne)
	o.want(t, exitFindings)
	if got := reported(o); len(got) != 1 || got[0] != appFile+":32" {
		t.Errorf("reported %v, want only the added write at %s:32", got, appFile)
	}
	if !strings.Contains(o.stderr, "records 1 findings that no longer occur") {
		t.Errorf("the fixed write's entry is not reported stale:\n%s", o.stderr)
	}
}

// replaceAll applies old, new pairs in turn, each old occurring once.
func replaceAll(t *testing.T, s string, oldNew ...string) string {
	t.Helper()
	for i := 0; i < len(oldNew); i += 2 {
		if strings.Count(s, oldNew[i]) != 1 {
			t.Fatalf("%q does not occur once in\n%s", oldNew[i], s)
		}
		s = strings.Replace(s, oldNew[i], oldNew[i+1], 1)
	}
	return s
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
