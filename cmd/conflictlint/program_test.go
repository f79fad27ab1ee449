package main

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestWholeProgramGrades: the standalone command loads the whole program,
// so a resync that an importer sets up (the manager, in package manager)
// grades a lost write of the controller package it runs. With only the
// controller package in view, as go vet and golangci-lint see it, the same
// write is lost for good, as it is with -whole-program=false; a -resync the
// user gives wins over the program's.
// The helpers of package store are graded by their callers (see
// TestWholeProgramCallers).
func TestWholeProgramGrades(t *testing.T) {
	root := gopath(t)
	const write = "src/cmdprogram/controller/controller.go:31:12: conflict from r.Update of cm is only logged: return it; "
	for _, c := range []struct {
		args  []string
		grade string
	}{
		{[]string{"cmdprogram/..."}, "lost until resync (30m)"},
		{[]string{"cmdprogram/controller"}, "lost for good"},
		{[]string{"-resync=2h", "cmdprogram/..."}, "lost until resync (2h)"},
		// the package view on the whole program, as go vet grades it
		{[]string{"-whole-program=false", "cmdprogram/..."}, "lost for good"},
		{[]string{"-whole-program=false", "-resync=2h", "cmdprogram/..."}, "lost until resync (2h)"},
	} {
		o := conflictlint(t, root, c.args...)
		o.want(t, exitFindings)
		if !strings.Contains(o.stdout, write+c.grade+" (unretriedupdate)") {
			t.Errorf("conflictlint %s: want the write graded %q, got\n%s", strings.Join(c.args, " "), c.grade, o.stdout)
		}
	}
}

// TestWholeProgramFactoryHelper: a factory built by a helper with the
// resync period its caller gives (package informers) is resynced by the
// period the caller, package app, passes: only the whole program shows it.
func TestWholeProgramFactoryHelper(t *testing.T) {
	root := gopath(t)
	const write = "src/cmdprogram/factory/controller/controller.go:32:15: "
	for pattern, grade := range map[string]string{
		"cmdprogram/factory/...":        "lost until resync (45m)",
		"cmdprogram/factory/controller": "lost for good",
	} {
		o := conflictlint(t, root, pattern)
		o.want(t, exitFindings)
		line := findingLine(o.stdout, write)
		if !strings.Contains(line, "; "+grade+";") {
			t.Errorf("conflictlint %s: want the write graded %q, got %q in\n%s", pattern, grade, line, o.stdout)
		}
	}
}

// TestWholeProgramCallers: a write lost in a helper of package store heals
// when every way to it starts in a controller that watches the written
// kind, which only the whole program shows (the callers are in package
// controller, an importer). Under go vet, with the package alone in view,
// every such write is lost for good.
func TestWholeProgramCallers(t *testing.T) {
	root := gopath(t)
	writes := map[string]string{
		"RemoveFinalizer": "src/cmdprogram/store/store.go:22:12", // only the watching Reconcile calls it
		"Label":           "src/cmdprogram/store/store.go:31:12", // api.Relabel calls it too
		"tidyOne":         "src/cmdprogram/store/store.go:44:12", // through Tidy, from the Reconcile
		"Annotate":        "src/cmdprogram/store/store.go:52:12", // a method value: its callers are not known
	}
	whole := map[string]string{"RemoveFinalizer": "lost until the next event", "Label": "lost for good", "tidyOne": "lost until the next event", "Annotate": "lost for good"}
	for _, c := range []struct {
		pattern string
		grade   func(fn string) string
	}{
		{"cmdprogram/...", func(fn string) string { return whole[fn] }},
		{"cmdprogram/store", func(string) string { return "lost for good" }},
	} {
		o := conflictlint(t, root, c.pattern)
		o.want(t, exitFindings)
		for fn, posn := range writes {
			want := posn + ": conflict from s.Update cannot be returned by " + fn + ": "
			line := findingLine(o.stdout, want)
			if line == "" || !strings.Contains(line, "; "+c.grade(fn)+";") {
				t.Errorf("conflictlint %s: want %s graded %q, got %q in\n%s", c.pattern, fn, c.grade(fn), line, o.stdout)
			}
		}
	}
}

// TestWholeProgramInterfaceCalls: a step run through an interface of the
// project's own (steps.Step, from the Watcher's Reconcile) is graded by
// the controllers that call the interface; a type the program also hands
// to controller-runtime as an interface with the same method (a
// manager.Runnable's Start) may be called where the code does not say,
// and its lost write stays lost.
func TestWholeProgramInterfaceCalls(t *testing.T) {
	root := gopath(t)
	clean := "src/cmdprogram/steps/steps.go:28:12: conflict from c.Update cannot be returned by Apply: "
	prune := "src/cmdprogram/steps/steps.go:48:12: conflict from p.Update of p.CM is only logged: return it; "
	for _, c := range []struct {
		pattern      string
		clean, prune string
	}{
		{"cmdprogram/...", "lost until the next event", "lost for good"},
		{"cmdprogram/steps", "lost for good", "lost for good"},
	} {
		o := conflictlint(t, root, c.pattern)
		o.want(t, exitFindings)
		for prefix, want := range map[string]string{clean: c.clean, prune: c.prune} {
			if line := findingLine(o.stdout, prefix); line == "" || !strings.Contains(line, want+";") && !strings.Contains(line, want+" (") {
				t.Errorf("conflictlint %s: want %q graded %q, got %q in\n%s", c.pattern, prefix, want, line, o.stdout)
			}
		}
	}
}

// findingLine returns the line of out that starts with prefix, or "".
func findingLine(out, prefix string) string {
	for line := range strings.Lines(out) {
		if strings.HasPrefix(line, prefix) {
			return line
		}
	}
	return ""
}

// TestDepsFromSource: with CONFLICTLINT_DEPS_FROM_SOURCE=1 (the corpus
// comparison's load, see bench/expect.sh) the dependencies are
// type-checked from source and their syntax dropped, and the findings are
// those of a load from export data: a package whose grade would change if
// its importer's code were in view (cmdprogram/controller alone) reads the
// same both ways. Only a fix may differ: from source, a dependency's types
// list all its imports, so the API errors package a fix imports is found
// for cmdprogram/store, whose fixes export data leaves out; the findings
// themselves are the same.
func TestDepsFromSource(t *testing.T) {
	root := gopath(t)
	for _, pattern := range []string{"cmdprogram/controller", "cmdprogram/store"} {
		t.Setenv(depsFromSourceEnv, "")
		fromExport := conflictlint(t, root, pattern)
		t.Setenv(depsFromSourceEnv, "1")
		fromSource := conflictlint(t, root, pattern)
		fromSource.want(t, fromExport.exit)
		if withoutFixNotes(fromSource.stdout) != withoutFixNotes(fromExport.stdout) || fromExport.stdout == "" {
			t.Errorf("conflictlint %s: from source\n%s\nfrom export data\n%s", pattern, fromSource.stdout, fromExport.stdout)
		}
	}
}

// withoutFixNotes drops the "; no fix: ..." part of each finding line.
func withoutFixNotes(out string) string {
	var b strings.Builder
	for line := range strings.Lines(out) {
		if i := strings.Index(line, "; no fix: "); i >= 0 {
			line = line[:i] + line[strings.LastIndex(line, " ("):]
		}
		b.WriteString(line)
	}
	return b.String()
}

// TestLibraryWithoutBodies: the standalone command loads a package of
// another module (an error library) from export data, without its bodies,
// so no summary says that its Errorf never returns nil, nor that its Join
// keeps a non-nil error; their shapes say it. The reduction's writes
// followed by a returned error of the library (requeued) are quiet, and
// the writes reported are those its analysistest wants: the standalone
// run agrees with the run that has the library's bodies.
func TestLibraryWithoutBodies(t *testing.T) {
	const dir = "unretriedupdate/errorlibrary"
	root := gopath(t)
	if err := os.CopyFS(filepath.Join(root, "src", dir), os.DirFS(filepath.Join(stubTree, dir))); err != nil {
		t.Fatal(err)
	}
	o := conflictlint(t, root, dir)
	o.want(t, exitFindings)
	var got, want []int
	for line := range strings.Lines(o.stdout) {
		if rest, ok := strings.CutPrefix(line, "src/"+dir+"/errorlibrary.go:"); ok {
			n, _ := strconv.Atoi(rest[:strings.Index(rest, ":")])
			got = append(got, n)
		}
	}
	src, err := os.ReadFile(filepath.Join(stubTree, dir, "errorlibrary.go"))
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(src), "\n") {
		if strings.Contains(line, "// want `") {
			want = append(want, i+1)
		}
	}
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("want findings on lines %v, got %v in\n%s", want, got, o.stdout)
	}
}

// TestWholeProgramResyncOff: a program whose factory never resyncs (package
// app) beside a test helper's factory that does (package testutil, outside
// _test files) gives no program-wide period: which factory feeds the
// controller is not followed, and one of them would leave the write lost.
// Without package app, the helper's period is the only one in view; a
// harness that runs on a fake clientset (package fakeharness) is test
// support, and its factory's period is no program's.
func TestWholeProgramResyncOff(t *testing.T) {
	root := gopath(t)
	const write = "src/cmdresyncoff/controller/controller.go:32:15: "
	for _, c := range []struct {
		patterns []string
		grade    string
	}{
		{[]string{"cmdresyncoff/..."}, "lost for good"},
		{[]string{"cmdresyncoff/controller", "cmdresyncoff/testutil"}, "lost until resync (500ms)"},
		{[]string{"cmdresyncoff/controller", "cmdresyncoff/fakeharness"}, "lost for good"},
	} {
		o := conflictlint(t, root, c.patterns...)
		o.want(t, exitFindings)
		if line := findingLine(o.stdout, write); !strings.Contains(line, "; "+c.grade+";") {
			t.Errorf("conflictlint %v: want the write graded %q, got %q in\n%s", c.patterns, c.grade, line, o.stdout)
		}
	}
}

// TestWholeProgramManagerRunsOn: a runnable's failure stops its manager,
// which ends the program where the manager's Start error is returned
// (package manager's Run; strict's, wrapped, or given to runtime.Must),
// but not where the speaker's wrapper drops it.
// Only the whole program shows where the manager starts; with the
// runnable's package alone, the failure is taken to end the program.
func TestWholeProgramManagerRunsOn(t *testing.T) {
	root := gopath(t)
	const write = "src/cmdprogram/speaker/bgp/bgp.go:22:9: conflict from c.Update is returned from a runnable's Start, which stops the manager: "
	for _, c := range []struct {
		args  []string
		grade string
	}{
		{[]string{"cmdprogram/speaker/..."}, "lost for good"},
		{[]string{"cmdprogram/speaker/bgp", "cmdprogram/manager"}, "reported by exit status"},
		{[]string{"cmdprogram/speaker/bgp", "cmdprogram/speaker/strict"}, "reported by exit status"},
		{[]string{"cmdprogram/speaker/bgp"}, "reported by exit status"},
		{[]string{"-whole-program=false", "cmdprogram/speaker/..."}, "reported by exit status"}, // as go vet grades it
	} {
		o := conflictlint(t, root, c.args...)
		o.want(t, exitFindings)
		line := findingLine(o.stdout, write)
		if !strings.HasSuffix(strings.TrimSpace(line), "; "+c.grade+" (unretriedupdate)") {
			t.Errorf("conflictlint %s: want the write graded %q, got %q in\n%s", strings.Join(c.args, " "), c.grade, line, o.stdout)
		}
	}
}

// TestWholeProgramRequeueTail: a Reconcile that leaves early without a
// requeue (a deletion) and asks for one on every return after that point
// redoes the lost writes of the helpers it calls only after it, a plain
// function it defers among them; the program's call graph says where each
// helper is called, so the standalone command grades them by the requeue.
// The package view judges only writes made in the Reconcile's own last
// statements, so under go vet the helpers are lost for good; a helper
// called before the point is lost for good in both, unless a return that
// requeues follows each of its calls (setCondition, redone in a minute;
// setPhase, followed once by the deletion's return, stays lost; mark,
// before a requeue without a period, is redone after none that is known).
func TestWholeProgramRequeueTail(t *testing.T) {
	root := gopath(t)
	writes := map[string]string{
		"UpdateStatus": "src/cmdprogram/tail/tail.go:21:12: conflict from Status().Update cannot be returned by UpdateStatus: ",
		"Label":        "src/cmdprogram/tail/tail.go:29:12: conflict from c.Update cannot be returned by Label: ",
		"annotate":     "src/cmdprogram/tail/tail.go:55:12: conflict from r.Update cannot be returned by annotate: ",
		"setCondition": "src/cmdprogram/tail/tail.go:90:12: conflict from Status().Update cannot be returned by setCondition: ",
		"setPhase":     "src/cmdprogram/tail/tail.go:97:12: conflict from Status().Update cannot be returned by setPhase: ",
		"mark":         "src/cmdprogram/tail/tail.go:127:12: conflict from Status().Update cannot be returned by mark: ",
	}
	whole := map[string]string{"UpdateStatus": "lost until resync", "Label": "lost for good", "annotate": "lost until resync",
		"setCondition": "lost until resync (1m)", "setPhase": "lost for good", "mark": "lost until resync"}
	for _, args := range [][]string{{"cmdprogram/tail"}, {"-whole-program=false", "cmdprogram/tail"}} {
		o := conflictlint(t, root, args...)
		o.want(t, exitFindings)
		for fn, prefix := range writes {
			want := whole[fn]
			if args[0] == "-whole-program=false" {
				want = "lost for good"
			}
			line := findingLine(o.stdout, prefix)
			if line == "" || !strings.Contains(line, "; "+want+";") && !strings.HasSuffix(line, "; "+want+" (unretriedupdate)\n") {
				t.Errorf("conflictlint %s: want %s graded %q, got %q in\n%s", strings.Join(args, " "), fn, want, line, o.stdout)
			}
		}
	}
}

// TestWholeProgramDefaultResync: a program that builds a controller-runtime
// manager and never names a SyncPeriod runs its controllers on the
// cache's default resync, 10 hours, which redoes the lost write of an
// unfiltered controller; only the whole program shows that main sets no
// period. A period bound to a flag counts at the flag's default (none
// when the default is 0, or when the program may set the variable
// again). An informer of the program's own (whose period is anyone's
// guess), or a predicate that drops the resync's updates leaves the
// write lost for good, as does the package view.
func TestWholeProgramDefaultResync(t *testing.T) {
	root := gopath(t)
	const write = "src/cmdprogram/controller/controller.go:31:12: conflict from r.Update of cm is only logged: return it; "
	for _, c := range []struct {
		args  []string
		grade string
	}{
		{[]string{"cmdsync/plain", "cmdprogram/controller"}, "lost until resync (10h)"},
		{[]string{"cmdsync/flag", "cmdprogram/controller"}, "lost for good"},
		{[]string{"cmdsync/flagdefault", "cmdprogram/controller"}, "lost until resync (2h)"},
		{[]string{"cmdsync/flagpointer", "cmdprogram/controller"}, "lost until resync (30m)"},
		{[]string{"cmdsync/flagreset", "cmdprogram/controller"}, "lost for good"},
		{[]string{"cmdsync/informer", "cmdprogram/controller"}, "lost for good"},
		{[]string{"cmdprogram/controller"}, "lost for good"},
		{[]string{"-whole-program=false", "cmdsync/plain", "cmdprogram/controller"}, "lost for good"},
		// Each program's evidence grades the packages it runs: fast's
		// 30 seconds are not plain's, whose controller it does not run;
		// two programs that run the controller give the harsher grade.
		{[]string{"cmdsync/fast", "cmdsync/plain", "cmdprogram/controller"}, "lost until resync (10h)"},
		{[]string{"cmdsync/fast", "cmdprogram/controller"}, "lost for good"},
		{[]string{"cmdsync/plain", "cmdsync/informer", "cmdprogram/controller"}, "lost for good"},
	} {
		o := conflictlint(t, root, c.args...)
		o.want(t, exitFindings)
		if !strings.Contains(o.stdout, write+c.grade+" (unretriedupdate)") {
			t.Errorf("conflictlint %s: want the write graded %q, got\n%s", strings.Join(c.args, " "), c.grade, o.stdout)
		}
	}
	o := conflictlint(t, root, "-v", "cmdsync/fast", "cmdsync/plain", "cmdprogram/controller")
	for _, said := range []string{"program cmdsync/plain: the manager resyncs every 10h0m0s", "program cmdsync/fast: a resync every 30s"} {
		if !strings.Contains(o.stderr, said) {
			t.Errorf("conflictlint -v: want %q in\n%s", said, o.stderr)
		}
	}
	const filtered = "src/cmdsync/filtered/filtered.go:27:12: conflict from r.Update of cm is only logged: return it; lost for good (unretriedupdate)"
	if o := conflictlint(t, root, "cmdsync/filtered"); !strings.Contains(o.stdout, filtered) {
		t.Errorf("conflictlint cmdsync/filtered: want %q, got\n%s", filtered, o.stdout)
	}
}

// TestWholeProgramExportedTick: a write in an exported method that only a
// sleep loop of its own package calls is redone on the loop's next pass.
// The whole program shows the method has no other caller when nothing
// outside the module can import its package (internal/); the package
// view cannot know it, nor can any load of a package others may import.
func TestWholeProgramExportedTick(t *testing.T) {
	root := gopath(t)
	const internal = "src/cmdprogram/internal/watcher/watcher.go:36:15: conflict from ConfigMaps(\"ns\").Update cannot be returned by Refresh: re-read cm inside retry.RetryOnConflict; "
	const public = "src/cmdprogram/watcherpub/watcher.go:33:15: conflict from ConfigMaps(\"ns\").Update cannot be returned by Refresh: re-read cm inside retry.RetryOnConflict; "
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"cmdprogram/internal/watcher", "cmdprogram/watcherpub"}, []string{internal + "lost until resync (10s)", public + "lost for good"}},
		{[]string{"-whole-program=false", "cmdprogram/internal/watcher"}, []string{internal + "lost for good"}},
	} {
		o := conflictlint(t, root, c.args...)
		o.want(t, exitFindings)
		for _, w := range c.want {
			if !strings.Contains(o.stdout, w+" (unretriedupdate)") {
				t.Errorf("conflictlint %s: want %q in\n%s", strings.Join(c.args, " "), w, o.stdout)
			}
		}
	}
}

// TestWholeProgramEventLoop: a controller that runs its own event loop
// (package eventloop/controller: a ticker lists every object and queues a
// sync event for each on a cache.FIFO; a worker dispatches the events by
// type) redoes on each tick what the worker runs for a sync event, and
// what that calls on its main line, in package cluster too. Not redone:
// a call behind another test (an edge the first run closes), a helper
// handed an object of the kind it writes, what only add or update events
// run, and a tick that queues objects it kept rather than listed. The
// package view sees none of it.
func TestWholeProgramEventLoop(t *testing.T) {
	root := gopath(t)
	const cl, ctl = "src/cmdprogram/eventloop/cluster/cluster.go:", "src/cmdprogram/eventloop/controller/controller.go:"
	whole := map[string]string{
		cl + "24:12":   "lost until resync", // Create's syncConfig, which Sync runs too
		cl + "27:12":   "lost for good",     // syncLabels is handed the object it writes
		cl + "30:12":   "lost for good",     // only Create marks
		cl + "38:12":   "lost until resync", // Sync's own call
		cl + "59:15":   "lost until resync", // Delete, behind the deletion test
		cl + "100:16":  "lost for good",     // syncStreams, behind an edge
		ctl + "141:20": "lost until resync", // the worker's sync call
		ctl + "154:15": "lost for good",     // update events only
		"src/cmdprogram/eventloop/single/single.go:54:15": "lost for good",
	}
	for _, args := range [][]string{{"cmdprogram/eventloop/..."}, {"-whole-program=false", "cmdprogram/eventloop/..."}} {
		o := conflictlint(t, root, args...)
		o.want(t, exitFindings)
		for at, want := range whole {
			if args[0] == "-whole-program=false" {
				want = "lost for good"
			}
			line := findingLine(o.stdout, at+": ")
			if line == "" || !strings.Contains(line, "; "+want+";") && !strings.HasSuffix(line, "; "+want+" (unretriedupdate)\n") {
				t.Errorf("conflictlint %s: want %s graded %q, got %q in\n%s", strings.Join(args, " "), at, want, line, o.stdout)
			}
		}
	}
}
