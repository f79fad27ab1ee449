package main_test

// A small stand-in for the GitHub Actions runner, enough to run the
// repository's composite action (action.yml) and the example workflows of
// docs/examples offline: it evaluates the expressions they use, runs their
// bash steps as the runner does, collects step outputs, and records the
// steps that use other actions instead of running them. It does not try to
// be GitHub's runner; an expression outside the small language below fails
// the test, so a change to the files that needs more shows up here.

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/conflictlint/conflictlint/internal/expected"
)

// ghStep is a step of a composite action or of a workflow job.
type ghStep struct {
	Name             string
	ID               string
	If               string
	Shell            string
	Uses             string
	Run              string
	WorkingDirectory string `yaml:"working-directory"`
	Env              map[string]string
	With             map[string]string
}

// ghContext holds what the expressions can read: inputs.*, github.*,
// env.* and steps.<id>.outputs.*, steps.<id>.outcome.
type ghContext struct {
	values map[string]string // "inputs.packages", "github.event_name", ...
	failed bool              // a step failed: success() is false
}

func (c *ghContext) lookup(name string) (string, bool) {
	v, ok := c.values[name]
	return v, ok
}

// ghExprLexeme splits an expression into its tokens.
var ghExprLexeme = regexp.MustCompile(`\s*('(?:[^']|'')*'|==|!=|&&|\|\||[!()]|,|[A-Za-z_][A-Za-z0-9_.-]*)`)

// eval evaluates expr, the inside of ${{ }} or an if: condition, in c.
// Values are strings, or booleans from comparisons and operators.
func (c *ghContext) eval(expr string) (any, error) {
	var toks []string
	rest := strings.TrimSpace(expr)
	for rest != "" {
		m := ghExprLexeme.FindStringSubmatchIndex(rest)
		if m == nil || m[0] != 0 {
			return nil, fmt.Errorf("expression %q: cannot read %q", expr, rest)
		}
		toks = append(toks, rest[m[2]:m[3]])
		rest = strings.TrimSpace(rest[m[1]:])
	}
	p := &ghParser{ctx: c, toks: toks}
	v, err := p.or()
	if err == nil && p.pos < len(toks) {
		err = fmt.Errorf("unexpected %q", toks[p.pos])
	}
	if err != nil {
		return nil, fmt.Errorf("expression %q: %v", expr, err)
	}
	return v, nil
}

type ghParser struct {
	ctx  *ghContext
	toks []string
	pos  int
}

func (p *ghParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *ghParser) or() (any, error) {
	v, err := p.and()
	for err == nil && p.peek() == "||" {
		p.pos++
		var w any
		if w, err = p.and(); truthy(v) {
			continue
		}
		v = w
	}
	return v, err
}

func (p *ghParser) and() (any, error) {
	v, err := p.unary()
	for err == nil && p.peek() == "&&" {
		p.pos++
		var w any
		if w, err = p.unary(); !truthy(v) {
			continue
		}
		v = w
	}
	return v, err
}

func (p *ghParser) unary() (any, error) {
	if p.peek() == "!" {
		p.pos++
		v, err := p.unary()
		return !truthy(v), err
	}
	v, err := p.primary()
	if err != nil {
		return nil, err
	}
	if op := p.peek(); op == "==" || op == "!=" {
		p.pos++
		w, err := p.primary()
		if err != nil {
			return nil, err
		}
		// GitHub compares strings ignoring case.
		eq := strings.EqualFold(fmt.Sprint(v), fmt.Sprint(w))
		return eq == (op == "=="), nil
	}
	return v, nil
}

func (p *ghParser) primary() (any, error) {
	tok := p.peek()
	p.pos++
	switch {
	case tok == "(":
		v, err := p.or()
		if p.peek() != ")" {
			return nil, fmt.Errorf("missing )")
		}
		p.pos++
		return v, err
	case strings.HasPrefix(tok, "'"):
		return strings.ReplaceAll(tok[1:len(tok)-1], "''", "'"), nil
	case p.peek() == "(":
		p.pos++
		if p.peek() != ")" {
			return nil, fmt.Errorf("function %s: arguments are not supported", tok)
		}
		p.pos++
		switch tok {
		case "success":
			return !p.ctx.failed, nil
		case "failure":
			return p.ctx.failed, nil
		case "always":
			return true, nil
		}
		return nil, fmt.Errorf("unknown function %s", tok)
	case tok != "" && unicode.IsLetter(rune(tok[0])):
		root, _, _ := strings.Cut(tok, ".")
		switch root {
		case "inputs", "github", "steps", "env":
		default:
			return nil, fmt.Errorf("unknown context %s", tok)
		}
		v, _ := p.ctx.lookup(tok) // a missing value is null, which compares equal to ''
		return v, nil
	}
	return nil, fmt.Errorf("unexpected %q", tok)
}

func truthy(v any) bool {
	switch v := v.(type) {
	case bool:
		return v
	case string:
		return v != ""
	}
	return false
}

var ghTemplate = regexp.MustCompile(`\$\{\{(.*?)\}\}`)

// expand replaces each ${{ expr }} in s by its value.
func (c *ghContext) expand(s string) (string, error) {
	var err error
	out := ghTemplate.ReplaceAllStringFunc(s, func(m string) string {
		v, e := c.eval(ghTemplate.FindStringSubmatch(m)[1])
		if e != nil {
			err = e
		}
		return fmt.Sprint(v)
	})
	return out, err
}

// condition evaluates a step's if:, which may or may not be written in
// ${{ }}; without a status function it holds only while no step failed.
func (c *ghContext) condition(cond string) (bool, error) {
	cond = strings.TrimSpace(cond)
	if cond == "" {
		return !c.failed, nil
	}
	if m := ghTemplate.FindStringSubmatch(cond); m != nil && m[0] == cond {
		cond = m[1]
	}
	v, err := c.eval(cond)
	if err != nil {
		return false, err
	}
	if !regexp.MustCompile(`\b(success|failure|always|cancelled)\(`).MatchString(cond) && c.failed {
		return false, nil
	}
	return truthy(v), nil
}

// ghRun is what running a list of steps did.
type ghRun struct {
	outcome map[string]string // step name -> success, failure or skipped
	used    []ghStep          // the steps that use another action, as expanded
	stdout  map[string]string // step name -> what it printed
	stderr  map[string]string
	summary string // what the steps appended to $GITHUB_STEP_SUMMARY
}

// ghRunner runs steps. Replace, when it returns true for a run step, has
// handled the step itself (a download that cannot run offline).
type ghRunner struct {
	t         *testing.T
	ctx       *ghContext
	workspace string   // the checkout: working directories are relative to it
	env       []string // the environment of every step
	replace   func(step ghStep, script string) (handled bool)
}

// newGHRunner returns a runner for a checkout in workspace, with the
// runner's variables set up in temporary files.
func newGHRunner(t *testing.T, workspace string, values map[string]string) *ghRunner {
	t.Helper()
	tmp := t.TempDir()
	ctx := &ghContext{values: map[string]string{"github.workspace": workspace}}
	for k, v := range values {
		ctx.values[k] = v
	}
	env := append(expected.Env(),
		"RUNNER_TEMP="+tmp,
		"GITHUB_WORKSPACE="+workspace,
		"GITHUB_STEP_SUMMARY="+filepath.Join(tmp, "summary.md"),
		"GITHUB_ACTIONS=true",
	)
	return &ghRunner{t: t, ctx: ctx, workspace: workspace, env: env}
}

// steps runs steps in order, as the runner does: a step whose condition is
// false is skipped, a run step runs in bash, and a step that uses another
// action is recorded with its inputs expanded.
func (r *ghRunner) steps(steps []ghStep) ghRun {
	t := r.t
	t.Helper()
	res := ghRun{outcome: map[string]string{}, stdout: map[string]string{}, stderr: map[string]string{}}
	for i, step := range steps {
		name := step.Name
		if name == "" {
			name = fmt.Sprintf("step %d (%s%s)", i+1, step.Uses, firstLine(step.Run))
		}
		ok, err := r.ctx.condition(step.If)
		if err != nil {
			t.Fatalf("%s: if: %v", name, err)
		}
		if !ok {
			res.outcome[name] = "skipped"
			continue
		}
		if step.Uses != "" {
			used := step
			used.With = map[string]string{}
			for k, v := range step.With {
				if used.With[k], err = r.ctx.expand(v); err != nil {
					t.Fatalf("%s: with.%s: %v", name, k, err)
				}
			}
			res.used = append(res.used, used)
			res.outcome[name] = "success"
			continue
		}
		outcome := r.run(name, step, &res)
		res.outcome[name] = outcome
		if step.ID != "" {
			r.ctx.values["steps."+step.ID+".outcome"] = outcome
		}
		if outcome == "failure" {
			r.ctx.failed = true
		}
	}
	if data, err := os.ReadFile(filepath.Join(r.envValue("RUNNER_TEMP"), "summary.md")); err == nil {
		res.summary = string(data)
	}
	return res
}

func (r *ghRunner) envValue(key string) string {
	for _, kv := range r.env {
		if k, v, ok := strings.Cut(kv, "="); ok && k == key {
			return v
		}
	}
	return ""
}

// run runs a run step in bash, the way the runner invokes the shells its
// steps name, and reads the outputs it wrote to $GITHUB_OUTPUT.
func (r *ghRunner) run(name string, step ghStep, res *ghRun) (outcome string) {
	t := r.t
	t.Helper()
	script, err := r.ctx.expand(step.Run)
	if err != nil {
		t.Fatalf("%s: run: %v", name, err)
	}
	if r.replace != nil && r.replace(step, script) {
		return "success"
	}
	var shell []string
	switch step.Shell {
	case "bash":
		shell = []string{"bash", "--noprofile", "--norc", "-eo", "pipefail"}
	case "": // a workflow step's default shell on Linux
		shell = []string{"bash", "-e"}
	default:
		t.Fatalf("%s: shell %q: only bash is supported", name, step.Shell)
	}
	dir := r.workspace
	if step.WorkingDirectory != "" {
		wd, err := r.ctx.expand(step.WorkingDirectory)
		if err != nil {
			t.Fatalf("%s: working-directory: %v", name, err)
		}
		dir = wd
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(r.workspace, dir)
		}
	}
	tmp := t.TempDir()
	scriptFile, outputFile := filepath.Join(tmp, "step.sh"), filepath.Join(tmp, "output")
	if err := os.WriteFile(scriptFile, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(outputFile, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), shell[0], append(shell[1:], scriptFile)...)
	cmd.Dir = dir
	cmd.Env = append(append([]string{}, r.env...), "GITHUB_OUTPUT="+outputFile)
	for k, v := range step.Env {
		value, err := r.ctx.expand(v)
		if err != nil {
			t.Fatalf("%s: env.%s: %v", name, k, err)
		}
		cmd.Env = append(cmd.Env, k+"="+value)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	res.stdout[name], res.stderr[name] = stdout.String(), stderr.String()
	t.Logf("step %q: exit %v", name, err)
	if _, isExit := err.(*exec.ExitError); err != nil && !isExit {
		t.Fatalf("%s: %v", name, err)
	}
	data, _ := os.ReadFile(outputFile)
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok && step.ID != "" {
			r.ctx.values["steps."+step.ID+".outputs."+k] = v
		}
	}
	if err != nil {
		return "failure"
	}
	return "success"
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}
