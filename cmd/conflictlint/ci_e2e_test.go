package main_test

// The GitHub Actions side of docs/ci.md, run as far as it runs offline: the
// repository's composite action (action.yml) and the example workflows of
// docs/examples are parsed, their expressions evaluated and their bash
// steps run (ghactions_test.go) on a git repository holding a copy of the
// example module; the steps that use other actions (checkout, setup-go,
// upload-sarif) are checked by their inputs instead of run.

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/conflictlint/conflictlint/internal/expected"
)

// actionFile is the part of action.yml the test reads.
type actionFile struct {
	Inputs  map[string]struct{ Default string }
	Outputs map[string]struct{ Value string }
	Runs    struct {
		Using string
		Steps []ghStep
	}
}

// workflowFile is the part of a workflow the test reads.
type workflowFile struct {
	Permissions map[string]string
	Jobs        map[string]struct{ Steps []ghStep }
}

func TestActionRuns(t *testing.T) {
	t.Parallel()
	bin, dir := setup(t, exampleModule)
	root, err := filepath.Abs(moduleRoot)
	if err != nil {
		t.Fatal(err)
	}
	var action actionFile
	readYAML(t, filepath.Join(root, "action.yml"), &action)
	checkActionFile(t, action, bin)

	want := expected.Read(t, dir)
	ws := newCIWorkspace(t, dir)
	base := ws.git("rev-parse", "HEAD")
	touched := ws.touchFinding(want)
	head := ws.git("rev-parse", "HEAD")

	type scenario struct {
		name   string
		values map[string]string // github.* and inputs the workflow sets
		check  func(t *testing.T, r ghRun, outputs map[string]string)
	}
	var reviewdog *fakeReviewdog // the stand-in of the scenario that runs
	run := func(sc scenario) {
		t.Run(sc.name, func(t *testing.T) {
			values := map[string]string{"github.action_path": root}
			for name, in := range action.Inputs {
				values["inputs."+name] = in.Default
			}
			for k, v := range sc.values {
				values[k] = v
			}
			r := newGHRunner(t, ws.dir, values)
			reviewdog = stubReviewdog(t, r)
			res := r.steps(action.Runs.Steps)
			outputs := map[string]string{}
			for name, out := range action.Outputs {
				if outputs[name], err = r.ctx.expand(out.Value); err != nil {
					t.Fatalf("output %s: %v", name, err)
				}
			}
			if res.outcome["Build conflictlint"] != "success" {
				t.Fatalf("the build step failed:\n%s", res.stderr["Build conflictlint"])
			}
			if res.outcome["Run conflictlint"] != "success" {
				t.Fatalf("the run step failed:\n%s", res.stderr["Run conflictlint"])
			}
			sc.check(t, res, outputs)
		})
	}

	// Every finding as an annotation and in the job summary; the job
	// passes because fail-on-findings is off. Suggestions are for pull
	// requests only.
	run(scenario{"push, annotations, fail-on-findings off", map[string]string{
		"github.event_name": "push", "inputs.fail-on-findings": "false", "inputs.suggestions": "true",
	}, func(t *testing.T, r ghRun, out map[string]string) {
		wantOutcomes(t, r, map[string]string{"Upload SARIF": "skipped", "Suggest fixes": "skipped", "Verdict": "success"})
		if out["exit-status"] != "3" {
			t.Errorf("exit-status %q, want 3", out["exit-status"])
		}
		if got := annotations(r.stdout["Run conflictlint"]); len(got) != len(want) {
			t.Errorf("%d annotations, want one per finding (%d):\n%s", len(got), len(want), r.stdout["Run conflictlint"])
		}
		if strings.Count(r.summary, "\n| ") < len(want) {
			t.Errorf("the job summary lists fewer findings than %d:\n%s", len(want), r.summary)
		}
	}})
	// The consequence input keeps the findings that stay wrong: fewer
	// annotations, all errors (the others are warnings and notices).
	run(scenario{"push, annotations, consequence lost and unknown", map[string]string{
		"github.event_name": "push", "inputs.fail-on-findings": "false", "inputs.consequence": "lost,unknown",
	}, func(t *testing.T, r ghRun, out map[string]string) {
		stdout := r.stdout["Run conflictlint"]
		got := annotations(stdout)
		if len(got) == 0 || len(got) >= len(want) {
			t.Errorf("%d annotations, want some but fewer than the %d findings:\n%s", len(got), len(want), stdout)
		}
		if n := len(regexp.MustCompile(`(?m)^::error file=`).FindAllString(stdout, -1)); n != len(got) {
			t.Errorf("%d of %d annotations are errors, want all:\n%s", n, len(got), stdout)
		}
	}})
	// fail-on-consequence reports every finding and fails only on those
	// that stay wrong, which the second run lists in the log.
	run(scenario{"push, annotations, fail on lost and unknown", map[string]string{
		"github.event_name": "push", "inputs.fail-on-consequence": "lost,unknown",
	}, func(t *testing.T, r ghRun, out map[string]string) {
		wantOutcomes(t, r, map[string]string{"Verdict": "failure"})
		stdout := r.stdout["Run conflictlint"]
		if got := annotations(stdout); len(got) != len(want) {
			t.Errorf("%d annotations, want one per finding (%d):\n%s", len(got), len(want), stdout)
		}
		if out["exit-status"] != "3" || !strings.Contains(stdout, "lost for good") {
			t.Errorf("exit-status %q, want 3 with the lost findings in the log:\n%s", out["exit-status"], stdout)
		}
	}})
	// On a pull request whose only new finding heals (the touched one is
	// reported by its command's exit status), the finding is annotated as
	// a notice and the job passes.
	run(scenario{"pull request, annotations, fail on lost and unknown, a healed finding", map[string]string{
		"github.event_name": "pull_request", "github.event.pull_request.base.sha": base, "inputs.fail-on-consequence": "lost,unknown",
	}, func(t *testing.T, r ghRun, out map[string]string) {
		stdout := r.stdout["Run conflictlint"]
		at := touched.Path + ",line=" + strconv.Itoa(touched.Line) + ","
		if !strings.Contains(stdout, "::notice file="+at) {
			t.Fatalf("the changed line's finding is not a notice (the scenario needs one that heals):\n%s", stdout)
		}
		wantOutcomes(t, r, map[string]string{"Verdict": "success"})
		if out["exit-status"] != "0" {
			t.Errorf("exit-status %q, want 0 (no new finding that stays wrong)", out["exit-status"])
		}
	}})
	// Every finding to code scanning; the job fails.
	run(scenario{"push, SARIF", map[string]string{
		"github.event_name": "push", "inputs.upload-sarif": "true",
	}, func(t *testing.T, r ghRun, out map[string]string) {
		wantOutcomes(t, r, map[string]string{"Upload SARIF": "success", "Verdict": "failure"})
		checkUploads(t, r, ws.dir, len(want))
		if out["sarif-file"] == "" {
			t.Error("no sarif-file output")
		}
	}})
	// On a pull request code scanning still gets every finding, and the
	// verdict counts the one on the changed line.
	run(scenario{"pull request, SARIF, a finding on a changed line", map[string]string{
		"github.event_name": "pull_request", "github.event.pull_request.base.sha": base, "inputs.upload-sarif": "true",
	}, func(t *testing.T, r ghRun, out map[string]string) {
		wantOutcomes(t, r, map[string]string{"Upload SARIF": "success", "Verdict": "failure"})
		checkUploads(t, r, ws.dir, len(want))
		if out["exit-status"] != "3" {
			t.Errorf("exit-status %q, want 3", out["exit-status"])
		}
		if n := strings.Count(r.stdout["Run conflictlint"], touched.Path+":"+strconv.Itoa(touched.Line)+":"); n != 1 {
			t.Errorf("the gate's log names %s %d times, want once:\n%s", touched, n, r.stdout["Run conflictlint"])
		}
	}})
	// A pull request from a fork cannot upload or review (its token is
	// read-only): the action says so and annotates the changed lines
	// instead.
	run(scenario{"pull request from a fork, SARIF and suggestions asked", map[string]string{
		"github.event_name": "pull_request", "github.event.pull_request.base.sha": base, "inputs.upload-sarif": "true",
		"github.repository": "owner/operator", "github.event.pull_request.head.repo.full_name": "contributor/operator",
		"inputs.suggestions": "true",
	}, func(t *testing.T, r ghRun, out map[string]string) {
		wantOutcomes(t, r, map[string]string{"Upload SARIF": "skipped", "Suggest fixes": "success", "Verdict": "failure"})
		stdout := r.stdout["Run conflictlint"]
		if !strings.Contains(stdout, "::notice title=conflictlint::a pull request from a fork") {
			t.Errorf("no notice of the skipped upload:\n%s", stdout)
		}
		if !strings.Contains(r.stdout["Suggest fixes"], "::notice title=conflictlint::a pull request from a fork") || reviewdog.ran() {
			t.Errorf("suggestions on a fork's pull request: want a notice and no reviewdog run; the step printed:\n%s", r.stdout["Suggest fixes"])
		}
		if got, wantAnn := annotations(stdout), []string{touched.Path + ":" + strconv.Itoa(touched.Line)}; !slices.Equal(got, wantAnn) {
			t.Errorf("annotations %v, want the finding on the changed line %v", got, wantAnn)
		}
	}})
	// Suggestions: reviewdog, installed at the version the tests read
	// with, gets every finding as rdjsonl from the repository root, with
	// the token to post them; the verdict still fails on the changed line.
	run(scenario{"pull request, suggestions", map[string]string{
		"github.event_name": "pull_request", "github.event.pull_request.base.sha": base,
		"inputs.suggestions": "true", "inputs.github-token": "token-for-reviewdog",
	}, func(t *testing.T, r ghRun, out map[string]string) {
		wantOutcomes(t, r, map[string]string{"Suggest fixes": "success", "Verdict": "failure"})
		reviewdog.check(t, ws.dir, "token-for-reviewdog", len(want))
	}})
	// Nothing new on the pull request's lines, and a baseline that records
	// every finding: the job passes.
	ws.run(bin, "-write-baseline=.conflictlint-baseline.json", "./...")
	run(scenario{"pull request, annotations, baseline, no change", map[string]string{
		"github.event_name": "pull_request", "github.event.pull_request.base.sha": head,
	}, func(t *testing.T, r ghRun, out map[string]string) {
		wantOutcomes(t, r, map[string]string{"Upload SARIF": "skipped", "Verdict": "success"})
		if out["exit-status"] != "0" || len(annotations(r.stdout["Run conflictlint"])) != 0 {
			t.Errorf("exit-status %q, annotations %q; want 0 and none", out["exit-status"], annotations(r.stdout["Run conflictlint"]))
		}
		if !strings.Contains(r.stderr["Run conflictlint"], "baseline") {
			t.Errorf("the run does not mention the baseline:\n%s", r.stderr["Run conflictlint"])
		}
	}})
}

// checkActionFile checks action.yml without running it: every expression
// names a declared input or a step that has an id, the steps run in bash
// (and parse), actions are pinned, and every flag given to conflictlint is
// one the binary has.
func checkActionFile(t *testing.T, action actionFile, bin string) {
	t.Helper()
	if action.Runs.Using != "composite" {
		t.Errorf("runs.using = %q, want composite", action.Runs.Using)
	}
	ids := map[string]bool{}
	var texts []string
	for _, s := range action.Runs.Steps {
		if s.ID != "" {
			ids[s.ID] = true
		}
		texts = append(texts, s.If, s.Run, s.WorkingDirectory)
		for _, m := range []map[string]string{s.Env, s.With} {
			for _, v := range m {
				texts = append(texts, v)
			}
		}
		switch {
		case s.Uses != "":
			if !regexp.MustCompile(`@(v[0-9]+(\.[0-9]+)*|[0-9a-f]{40})$`).MatchString(s.Uses) {
				t.Errorf("step %q uses %s, which is not pinned to a version", s.Name, s.Uses)
			}
		case s.Shell != "bash":
			t.Errorf("step %q: shell %q, want bash", s.Name, s.Shell)
		default:
			if out, err := exec.Command("bash", "-n", "-c", s.Run).CombinedOutput(); err != nil {
				t.Errorf("step %q does not parse as bash: %v\n%s", s.Name, err, out)
			}
		}
	}
	for _, o := range action.Outputs {
		texts = append(texts, o.Value)
	}
	ref := regexp.MustCompile(`\b(inputs|steps)\.([a-z][a-z0-9_-]*)`)
	for _, text := range texts {
		for _, m := range ref.FindAllStringSubmatch(text, -1) {
			if m[1] == "inputs" && !hasKey(action.Inputs, m[2]) {
				t.Errorf("action.yml reads inputs.%s, which it does not declare", m[2])
			}
			if m[1] == "steps" && !ids[m[2]] {
				t.Errorf("action.yml reads steps.%s, but no step has that id", m[2])
			}
		}
	}
	known := conflictlintFlags(t, bin)
	for _, s := range action.Runs.Steps {
		for _, f := range flagsGiven(s.Run) {
			if !known[f] {
				t.Errorf("step %q gives conflictlint -%s, which it does not have", s.Name, f)
			}
		}
	}
}

func hasKey[V any](m map[string]V, k string) bool {
	_, ok := m[k]
	return ok
}

// flagsGiven returns the flags a script gives conflictlint: on the lines
// that run it (not the one that builds it) and in the bash arrays it
// collects arguments in.
func flagsGiven(script string) []string {
	flag := regexp.MustCompile(`(?:^|[\s("])-([a-z][a-z0-9.-]*)`)
	var out []string
	for _, line := range strings.Split(script, "\n") {
		// One command at a time: `conflictlint ... || [ $? -eq 3 ]`.
		for _, cmd := range regexp.MustCompile(`\|\||&&|;|\|`).Split(line, -1) {
			cmd = strings.TrimSpace(cmd)
			runs := regexp.MustCompile(`^"?(\S*/)?conflictlint"?\s`).MatchString(cmd)
			if !runs && !strings.Contains(cmd, "+=(") {
				continue
			}
			for _, m := range flag.FindAllStringSubmatch(cmd, -1) {
				out = append(out, m[1])
			}
		}
	}
	return out
}

func TestFlagsGiven(t *testing.T) {
	script := `args+=("-baseline=$B")
"$RUNNER_TEMP/bin/conflictlint" -format=sarif "-output=$F" ./... || [ $? -eq 3 ]
go build -o "$RUNNER_TEMP/bin/conflictlint" ./cmd/conflictlint
git fetch --depth=1 origin main`
	if got, want := flagsGiven(script), []string{"baseline", "format", "output"}; !slices.Equal(got, want) {
		t.Errorf("flagsGiven = %q, want %q", got, want)
	}
}

// conflictlintFlags returns the flags `conflictlint help` lists.
func conflictlintFlags(t *testing.T, bin string) map[string]bool {
	t.Helper()
	out, err := exec.Command(bin, "help").CombinedOutput()
	if err != nil {
		t.Fatalf("conflictlint help: %v\n%s", err, out)
	}
	flags := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\s+-([a-z][a-z0-9.-]*)`).FindAllStringSubmatch(string(out), -1) {
		flags[m[1]] = true
	}
	if !flags["format"] || !flags["new-from-rev"] {
		t.Fatalf("conflictlint help lists no -format or -new-from-rev:\n%s", out)
	}
	return flags
}

func TestWorkflowExamples(t *testing.T) {
	t.Parallel()
	bin, dir := setup(t, exampleModule)
	root, err := filepath.Abs(moduleRoot)
	if err != nil {
		t.Fatal(err)
	}
	checkActionExample(t, root)

	var wf workflowFile
	readYAML(t, filepath.Join(root, "docs/examples/conflictlint.yml"), &wf)
	if wf.Permissions["security-events"] != "write" {
		t.Errorf("the workflow does not grant security-events: write, which upload-sarif needs")
	}
	steps := wf.Jobs["conflictlint"].Steps
	if len(steps) == 0 {
		t.Fatal("docs/examples/conflictlint.yml has no job conflictlint with steps")
	}
	for _, s := range steps {
		if strings.HasPrefix(s.Uses, "actions/checkout@") && s.With["fetch-depth"] != "0" {
			t.Errorf("the checkout fetches one commit: -new-from-merge-base needs the history (fetch-depth: 0)")
		}
	}
	known := conflictlintFlags(t, bin)
	for _, s := range steps {
		for _, f := range flagsGiven(s.Run) {
			if !known[f] {
				t.Errorf("step %q gives conflictlint -%s, which it does not have", s.Name, f)
			}
		}
	}

	want := expected.Read(t, dir)
	ws := newCIWorkspace(t, dir)
	ws.git("update-ref", "refs/remotes/origin/main", "HEAD")
	touched := ws.touchFinding(want)

	runWorkflow := func(t *testing.T, event string, more ...string) ghRun {
		values := map[string]string{"github.event_name": event, "github.base_ref": "main"}
		for i := 0; i+1 < len(more); i += 2 {
			values[more[i]] = more[i+1]
		}
		r := newGHRunner(t, ws.dir, values)
		// go install cannot fetch conflictlint offline: the step must
		// install this module's command, and the binary under test takes
		// its place on PATH.
		r.replace = func(step ghStep, script string) bool {
			m := regexp.MustCompile(`^go install (github\.com/conflictlint/conflictlint/(\S+))@\S+$`).FindStringSubmatch(strings.TrimSpace(script))
			if m == nil {
				return false
			}
			if _, err := os.Stat(filepath.Join(root, m[2], "main.go")); err != nil {
				t.Errorf("step %q installs %s, which is not a command of this module: %v", step.Name, m[1], err)
			}
			for i, kv := range r.env {
				if v, ok := strings.CutPrefix(kv, "PATH="); ok {
					r.env[i] = "PATH=" + filepath.Dir(bin) + string(os.PathListSeparator) + v
				}
			}
			return true
		}
		return r.steps(steps)
	}

	t.Run("push", func(t *testing.T) {
		r := runWorkflow(t, "push")
		wantOutcomes(t, r, map[string]string{"Analyze": "success", "Upload to code scanning": "success", "Fail on new findings": "skipped"})
		checkUploads(t, r, ws.dir, len(want))
	})
	t.Run("pull request", func(t *testing.T) {
		r := runWorkflow(t, "pull_request")
		wantOutcomes(t, r, map[string]string{"Analyze": "success", "Upload to code scanning": "success", "Fail on new findings": "failure"})
		checkUploads(t, r, ws.dir, len(want))
		got := annotations(r.stdout["Fail on new findings"])
		if wantAnn := []string{touched.Path + ":" + strconv.Itoa(touched.Line)}; !slices.Equal(got, wantAnn) {
			t.Errorf("the gate annotated %v, want only the finding on the changed line %v\nstderr:\n%s", got, wantAnn, r.stderr["Fail on new findings"])
		}
	})
	// A fork's token cannot write security events: no upload, the gate
	// still annotates.
	t.Run("pull request from a fork", func(t *testing.T) {
		r := runWorkflow(t, "pull_request", "github.repository", "owner/operator", "github.event.pull_request.head.repo.full_name", "contributor/operator")
		wantOutcomes(t, r, map[string]string{"Analyze": "success", "Upload to code scanning": "skipped", "Fail on new findings": "failure"})
		if got := annotations(r.stdout["Fail on new findings"]); len(got) != 1 {
			t.Errorf("the gate annotated %v, want the finding on the changed line", got)
		}
	})
}

// reviewdogInstalled is what the action installs; reviewdog_e2e_test.go
// reads conflictlint's output with the same version.
const reviewdogInstalled = "github.com/reviewdog/reviewdog/cmd/reviewdog@v0.21.0"

// fakeReviewdog stands in for reviewdog, which the action downloads: a go
// command first on PATH answers the action's go install of reviewdog by
// installing a script that records its arguments, working directory,
// token and standard input, and hands every other command to the real go.
type fakeReviewdog struct {
	log       string // directory of the records
	runnerTmp string // the runner's RUNNER_TEMP
}

func stubReviewdog(t *testing.T, r *ghRunner) *fakeReviewdog {
	t.Helper()
	realGo, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	f := &fakeReviewdog{log: filepath.Join(dir, "log"), runnerTmp: r.envValue("RUNNER_TEMP")}
	script := filepath.Join(dir, "reviewdog")
	writeScript(t, script, `log='`+f.log+`'
printf '%s\n' "$@" >"$log/args"
pwd >"$log/dir"
printf '%s' "$REVIEWDOG_GITHUB_API_TOKEN" >"$log/token"
cat >"$log/stdin"
`)
	writeScript(t, filepath.Join(dir, "bin", "go"), `if [ "$1" = install ] && [[ "$2" == github.com/reviewdog/* ]]; then
  printf '%s GOBIN=%s GOFLAGS=%s\n' "$2" "$GOBIN" "$GOFLAGS" >'`+f.log+`/install'
  mkdir -p "$GOBIN" && cp '`+script+`' "$GOBIN/reviewdog"
  exit
fi
exec '`+realGo+`' "$@"
`)
	if err := os.MkdirAll(f.log, 0o755); err != nil {
		t.Fatal(err)
	}
	for i, kv := range r.env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			r.env[i] = "PATH=" + filepath.Join(dir, "bin") + string(os.PathListSeparator) + v
		}
	}
	return f
}

func writeScript(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("#!/usr/bin/env bash\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
}

// ran reports whether the action installed or ran reviewdog.
func (f *fakeReviewdog) ran() bool {
	_, install := os.Stat(filepath.Join(f.log, "install"))
	_, args := os.Stat(filepath.Join(f.log, "args"))
	return install == nil || args == nil
}

func (f *fakeReviewdog) record(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(f.log, name))
	if err != nil {
		t.Fatalf("reviewdog's %s was not recorded: %v", name, err)
	}
	return string(data)
}

// check checks that the action installed the pinned reviewdog and ran it
// as a pull-request reviewer, in the repository root, on n findings as
// rdjsonl whose paths are relative to that root, some with a suggestion.
func (f *fakeReviewdog) check(t *testing.T, repoRoot, token string, n int) {
	t.Helper()
	wantInstall := reviewdogInstalled + " GOBIN=" + filepath.Join(f.runnerTmp, "reviewdog-bin") + " GOFLAGS=-mod=mod\n"
	if got := f.record(t, "install"); got != wantInstall {
		t.Errorf("go install: %q, want %q", got, wantInstall)
	}
	args := strings.Fields(f.record(t, "args"))
	for _, want := range []string{"-f=rdjsonl", "-reporter=github-pr-review", "-name=conflictlint"} {
		if !slices.Contains(args, want) {
			t.Errorf("reviewdog ran with %q, without %s", args, want)
		}
	}
	if got := f.record(t, "token"); got != token {
		t.Errorf("REVIEWDOG_GITHUB_API_TOKEN %q, want %q", got, token)
	}
	dir := strings.TrimSpace(f.record(t, "dir"))
	if real, _ := filepath.EvalSymlinks(repoRoot); dir != repoRoot && dir != real {
		t.Errorf("reviewdog ran in %s, want the repository root %s", dir, repoRoot)
	}
	lines := strings.Split(strings.TrimSuffix(f.record(t, "stdin"), "\n"), "\n")
	suggested := 0
	for _, line := range lines {
		var d struct {
			Location    struct{ Path string }
			Suggestions []json.RawMessage
		}
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatalf("reviewdog's input is not rdjsonl: %v\n%s", err, line)
		}
		if _, err := os.Stat(filepath.Join(dir, d.Location.Path)); err != nil {
			t.Errorf("a finding's path is not relative to reviewdog's directory: %v", err)
		}
		if len(d.Suggestions) > 0 {
			suggested++
		}
	}
	if len(lines) != n || suggested == 0 {
		t.Errorf("reviewdog read %d findings, %d with a suggestion; want %d, some with one", len(lines), suggested, n)
	}
}

// checkActionExample checks the workflow that uses the action: the action
// it names is this repository, and every input it sets, or shows in a
// comment, is one action.yml declares.
func checkActionExample(t *testing.T, root string) {
	t.Helper()
	var action actionFile
	readYAML(t, filepath.Join(root, "action.yml"), &action)
	path := filepath.Join(root, "docs/examples/action.yml")
	var wf workflowFile
	readYAML(t, path, &wf)
	found := false
	for _, job := range wf.Jobs {
		for _, s := range job.Steps {
			if !strings.HasPrefix(s.Uses, "conflictlint/conflictlint@") {
				continue
			}
			found = true
			for k := range s.With {
				if !hasKey(action.Inputs, k) {
					t.Errorf("docs/examples/action.yml sets input %s, which action.yml does not declare", k)
				}
			}
		}
	}
	if !found {
		t.Fatal("docs/examples/action.yml does not use conflictlint/conflictlint")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`(?m)^\s+# ([a-z][a-z-]*): `).FindAllStringSubmatch(string(data), -1) {
		if !hasKey(action.Inputs, m[1]) {
			t.Errorf("docs/examples/action.yml shows input %s, which action.yml does not declare", m[1])
		}
	}
}

// ciWorkspace is a git checkout holding a copy of a module.
type ciWorkspace struct {
	t   *testing.T
	dir string
}

// newCIWorkspace copies the module in dir into a git repository on branch
// main with one commit, and checks out a branch for a pull request.
func newCIWorkspace(t *testing.T, dir string) *ciWorkspace {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skipf("git not found: %v", err)
	}
	ws := &ciWorkspace{t: t, dir: copyModule(t, dir)}
	ws.git("init", "-q", "-b", "main")
	ws.git("add", "-A")
	ws.git("commit", "-q", "-m", "base")
	ws.git("checkout", "-q", "-b", "pull-request")
	return ws
}

// git runs git in the workspace, isolated from the user's configuration,
// and returns its trimmed output.
func (ws *ciWorkspace) git(args ...string) string {
	ws.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = ws.dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=conflictlint test", "GIT_COMMITTER_NAME=conflictlint test",
		"GIT_AUTHOR_EMAIL=test@example.com", "GIT_COMMITTER_EMAIL=test@example.com")
	out, err := cmd.CombinedOutput()
	if err != nil {
		ws.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// run runs a command in the workspace; exit statuses 0 and 3 are success.
func (ws *ciWorkspace) run(name string, args ...string) {
	ws.t.Helper()
	res := run(ws.t, ws.dir, name, args...)
	if res.exit != 0 && res.exit != exitStandaloneFindings {
		ws.t.Fatalf("%s: exit status %d\n%s", res.cmd, res.exit, res.stderr)
	}
}

// touchFinding commits a change to the line of one finding of fs (a
// comment appended to it), as a pull request that edits that line, and
// returns the finding.
func (ws *ciWorkspace) touchFinding(fs []expected.Finding) expected.Finding {
	ws.t.Helper()
	for _, f := range fs {
		path := filepath.Join(ws.dir, filepath.FromSlash(f.Path))
		data, err := os.ReadFile(path)
		if err != nil {
			ws.t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		if l := lines[f.Line-1]; strings.ContainsAny(l, "`\"") || strings.Contains(l, "//") || strings.Contains(l, "/*") {
			continue
		}
		lines[f.Line-1] += " // changed by the pull request"
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			ws.t.Fatal(err)
		}
		ws.git("commit", "-q", "-a", "-m", "touch "+f.Path)
		return f
	}
	ws.t.Fatal("no finding on a line a comment can be appended to")
	return expected.Finding{}
}

// annotationAt matches a finding's GitHub annotation (an error, or a
// warning or notice by its consequence) and its file and line.
var annotationAt = regexp.MustCompile(`(?m)^::(?:error|warning|notice) file=([^,]+),line=([0-9]+),`)

// annotations lists "file:line" of each finding's annotation in out.
func annotations(out string) []string {
	var got []string
	for _, m := range annotationAt.FindAllStringSubmatch(out, -1) {
		got = append(got, m[1]+":"+m[2])
	}
	return got
}

// wantOutcomes checks the outcome of the named steps.
func wantOutcomes(t *testing.T, r ghRun, want map[string]string) {
	t.Helper()
	for name, w := range want {
		if got := r.outcome[name]; got != w {
			t.Errorf("step %q: %s, want %s\nstdout:\n%s\nstderr:\n%s", name, got, w, r.stdout[name], r.stderr[name])
		}
	}
}

// checkUploads checks every upload-sarif step: it names a SARIF file that
// exists (relative to the workspace or absolute), with one run of
// conflictlint holding n results, and sets the category.
func checkUploads(t *testing.T, r ghRun, workspace string, n int) {
	t.Helper()
	uploads := 0
	for _, s := range r.used {
		if !strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@") {
			continue
		}
		uploads++
		if s.With["category"] != "conflictlint" {
			t.Errorf("upload-sarif category %q, want conflictlint", s.With["category"])
		}
		path := s.With["sarif_file"]
		if !filepath.IsAbs(path) {
			path = filepath.Join(workspace, path)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("upload-sarif's sarif_file: %v", err)
			continue
		}
		var log struct {
			Runs []struct {
				Tool    struct{ Driver struct{ Name string } }
				Results []json.RawMessage
			}
		}
		if err := json.Unmarshal(data, &log); err != nil || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "conflictlint" {
			t.Errorf("%s is not a SARIF log of one conflictlint run (error %v)", path, err)
			continue
		}
		if got := len(log.Runs[0].Results); got != n {
			t.Errorf("%s holds %d results, want every finding (%d)", path, got, n)
		}
	}
	if uploads != 1 {
		t.Errorf("%d upload-sarif steps ran, want 1", uploads)
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
