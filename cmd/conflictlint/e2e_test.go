// Package main_test runs the conflictlint binary end to end on modules
// under testdata that use real Kubernetes client libraries, and checks what
// it reports against each module's expected.txt: standalone (text and
// -json), and for the example as go vet -vettool too (text and -json).
// The modules are
// testdata/example (client-go v0.37 and controller-runtime), testdata/legacy
// (client-go v0.17, whose typed writes take only the object, and logrus)
// and testdata/wrangler (wrangler v3's generic controllers and logrus).
//
// The tests need the go command and the module proxy (or a filled module
// cache). Without go on PATH they are skipped; any other problem, network
// errors included, is a failure.
package main_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/conflictlint/conflictlint/internal/editors"
	"github.com/conflictlint/conflictlint/internal/expected"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// The end-to-end modules, by directory name under testdata. The example
// is also the base of the -fix and suppression tests.
const exampleModule = "example"

var e2eModules = []string{exampleModule, "legacy", "wrangler"}

// vetModules are the modules checked under go vet -vettool too. go vet
// runs the analyzers on every dependency, minutes per module on a cold
// cache; the analyzers are the same in both drivers, so the example alone
// covers the vet channel.
var vetModules = []string{exampleModule}

// testdataDir holds the modules, relative to this package.
const testdataDir = "../../testdata"

// moduleRoot is the conflictlint module, relative to this package.
const moduleRoot = "../.."

// Exit statuses: the standalone driver exits 3 when findings remain, in
// every format (-json included, unlike the x/tools driver); the vet tool
// exits 1 when it printed diagnostics, and go vet passes that on. With
// -json, go vet exits 0.
const (
	exitStandaloneFindings = 3
	exitVetFindings        = 1
)

func TestStandaloneJSON(t *testing.T) {
	forEachModule(t, e2eModules, func(t *testing.T, bin, dir string) {
		res := run(t, dir, bin, "-json", "./...")
		res.wantExit(t, exitStandaloneFindings)
		got, err := parseJSONStream(res.stdout, dir)
		if err != nil {
			t.Fatalf("%s: %v\nstdout:\n%s", res.cmd, err, res.stdout)
		}
		expected.Check(t, res.cmd+" in "+moduleName(dir), expected.Read(t, dir), got)
		if filepath.Base(dir) == exampleModule {
			checkMessageLengths(t, res.stdout)
		}
	})
}

// maxMedianMessage bounds the median length, in characters, of the
// messages on testdata/example: a message names the call by its receiver
// chain and method, not its arguments, and says what happens and what to
// do in few words.
const maxMedianMessage = 120

// checkMessageLengths holds the median message of a -json report to
// maxMedianMessage characters, and logs the longest.
func checkMessageLengths(t *testing.T, stdout []byte) {
	t.Helper()
	var lengths []int
	longest := ""
	err := forEachResult(stdout, func(_ string, diags []jsonDiagnostic) error {
		for _, d := range diags {
			n := utf8.RuneCountInString(d.Message)
			lengths = append(lengths, n)
			if n > utf8.RuneCountInString(longest) {
				longest = d.Message
			}
		}
		return nil
	})
	if err != nil || len(lengths) < 10 {
		t.Fatalf("%d messages (%v): too few to measure", len(lengths), err)
	}
	slices.Sort(lengths)
	median := float64(lengths[(len(lengths)-1)/2]+lengths[len(lengths)/2]) / 2
	t.Logf("%d messages: median %.1f characters, longest %d: %s", len(lengths), median, lengths[len(lengths)-1], longest)
	if median > maxMedianMessage {
		t.Errorf("median message is %.1f characters, want at most %d", median, maxMedianMessage)
	}
}

func TestStandaloneText(t *testing.T) {
	forEachModule(t, e2eModules, func(t *testing.T, bin, dir string) {
		res := run(t, dir, bin, "./...")
		res.wantExit(t, exitStandaloneFindings)
		got, err := parseText(res.stdout, dir) // findings on standard output, as staticcheck and golangci-lint
		if err != nil {
			t.Fatalf("%s: %v", res.cmd, err)
		}
		expected.Check(t, res.cmd+" in "+moduleName(dir), expected.PositionsOnly(expected.Read(t, dir)), got)
		checkEditorsRead(t, res.cmd, res.stdout, dir)
	})
}

func TestVetJSON(t *testing.T) {
	forEachModule(t, vetModules, func(t *testing.T, bin, dir string) {
		res := runVet(t, dir, bin, "-json")
		res.wantExit(t, 0)
		got, err := parseJSONStream(res.stdout, dir)
		if err != nil {
			t.Fatalf("%s: %v\nstdout:\n%s\nstderr:\n%s", res.cmd, err, res.stdout, res.stderr)
		}
		expected.Check(t, res.cmd+" in "+moduleName(dir), expected.Read(t, dir), got)
	})
}

func TestVetText(t *testing.T) {
	forEachModule(t, vetModules, func(t *testing.T, bin, dir string) {
		res := runVet(t, dir, bin)
		res.wantExit(t, exitVetFindings)
		got, err := parseText(res.stderr, dir)
		if err != nil {
			t.Fatalf("%s: %v", res.cmd, err)
		}
		expected.Check(t, res.cmd+" in "+moduleName(dir), expected.PositionsOnly(expected.Read(t, dir)), got)
		checkEditorsRead(t, res.cmd, res.stderr, dir)
	})
}

// checkEditorsRead holds the text output of a channel to the line form the
// editor integrations of docs/editors.md parse (internal/editors): every
// line is a diagnostic they all read alike, and the findings they read
// are the module's expected ones. It reuses the output the test at hand
// already produced.
func checkEditorsRead(t *testing.T, cmd string, output []byte, dir string) {
	t.Helper()
	what := cmd + " in " + moduleName(dir)
	ds := editors.Lines(t, what, output, dir)
	expected.Check(t, what+", as the editors read it", expected.PositionsOnly(expected.Read(t, dir)), editors.Findings(ds, dir))
}

// forEachModule runs check on each of modules, as parallel subtests named
// after the modules.
func forEachModule(t *testing.T, modules []string, check func(t *testing.T, bin, dir string)) {
	t.Parallel()
	for _, name := range modules {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			bin, dir := setup(t, name)
			check(t, bin, dir)
		})
	}
}

// setup returns the conflictlint binary and the absolute directory of the
// module testdata/<name>, prepared (see prepareModule). It skips the test
// when the go command is missing and fails it on any other problem.
func setup(t *testing.T, name string) (bin, dir string) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the end-to-end modules download client-go and controller-runtime")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skipf("go command not found: %v", err)
	}
	dir = modulePath(t, name)
	assertModFilesUnchanged(t, dir)
	bin = buildBinary(t)
	prepareModule(t, dir)
	return bin, dir
}

// modulePath is the absolute, symlink-free path of testdata/<name>, so
// that paths reported by the tools can be made relative to it.
func modulePath(t *testing.T, name string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join(testdataDir, name))
	if err == nil {
		dir, err = filepath.EvalSymlinks(dir)
	}
	if err != nil {
		t.Fatalf("locating the %s module: %v", name, err)
	}
	return dir
}

// moduleName names a module directory in messages, as testdata/<name>.
func moduleName(dir string) string {
	return "testdata/" + filepath.Base(dir)
}

var (
	buildOnce sync.Once
	binDir    string
	binPath   string
	buildErr  error
)

// TestMain removes the binary built by the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// buildBinary builds cmd/conflictlint once per test process.
func buildBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		if buildErr = testdir.StatSources(moduleRoot); buildErr != nil {
			return
		}
		binDir, buildErr = os.MkdirTemp("", "conflictlint-e2e-")
		if buildErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "conflictlint")
		cmd := exec.Command("go", "build", "-o", binPath, "github.com/conflictlint/conflictlint/cmd/conflictlint")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build of cmd/conflictlint: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// prepared holds, per module directory, the outcome of preparing it once.
var prepared sync.Map // string -> func() error

// prepareModule downloads the dependencies of the module in dir, so that a
// network problem shows as itself, and builds the module, so that the
// tests, which run in parallel, find its dependencies compiled instead of
// each compiling them at once (minutes on a cold cache). It does so once
// per test process; later callers wait for the first.
func prepareModule(t *testing.T, dir string) {
	t.Helper()
	once, _ := prepared.LoadOrStore(dir, sync.OnceValue(func() error {
		for _, args := range [][]string{{"mod", "download"}, {"build", "./..."}} {
			cmd := exec.Command("go", args...)
			cmd.Dir = dir
			cmd.Env = expected.Env()
			if out, err := cmd.CombinedOutput(); err != nil {
				return fmt.Errorf("go %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out)
			}
		}
		return nil
	}))
	if err := once.(func() error)(); err != nil {
		t.Fatal(err)
	}
}

// assertModFilesUnchanged fails the test if the go.mod or go.sum of the
// module in dir differ at the end of the test from what they were at its
// start.
func assertModFilesUnchanged(t *testing.T, dir string) {
	t.Helper()
	for _, name := range []string{"go.mod", "go.sum"} {
		path := filepath.Join(dir, name)
		before, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("reading %s/%s: %v", moduleName(dir), name, err)
		}
		t.Cleanup(func() {
			after, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(before, after) {
				t.Errorf("the test changed %s/%s (read error: %v); restore it with git", moduleName(dir), name, err)
			}
		})
	}
}

// result is what a finished command produced.
type result struct {
	cmd    string // for messages
	stdout []byte
	stderr []byte
	exit   int
}

// run runs name with args in dir. A command that cannot be started, or
// that is killed, fails the test; a non-zero exit status is returned.
func run(t *testing.T, dir, name string, args ...string) result {
	t.Helper()
	return runEnv(t, dir, nil, name, args...)
}

// vetLocks holds a mutex per vet tool and flag list. go vet analyses every
// dependency of the packages it vets for facts, and caches the result
// under the tool's ID and the flags: two parallel runs with the same tool
// and flags would each analyse the same real dependency graph (about a
// minute of CPU for the example module's), while run one after the other
// the later one finds the facts in the build cache.
var vetLocks sync.Map // string -> *sync.Mutex

// runVet runs go vet -vettool=tool with flags on ./... in dir, after any
// other run of the same tool and flags.
func runVet(t *testing.T, dir, tool string, flags ...string) result {
	t.Helper()
	lock, _ := vetLocks.LoadOrStore(tool+"\x00"+strings.Join(flags, "\x00"), new(sync.Mutex))
	lock.(*sync.Mutex).Lock()
	defer lock.(*sync.Mutex).Unlock()
	args := append(append([]string{"vet", "-vettool=" + tool}, flags...), "./...")
	return run(t, dir, "go", args...)
}

// runEnv is run with env added to the environment.
func runEnv(t *testing.T, dir string, env []string, name string, args ...string) result {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), name, args...)
	cmd.Dir = dir
	cmd.Env = append(expected.Env(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	res := result{cmd: filepath.Base(name) + " " + strings.Join(args, " ")}
	err := cmd.Run()
	var exitErr *exec.ExitError
	switch {
	case errors.As(err, &exitErr) && exitErr.Exited():
		res.exit = exitErr.ExitCode()
	case err != nil:
		t.Fatalf("%s: %v\nstderr:\n%s", res.cmd, err, stderr.Bytes())
	}
	res.stdout, res.stderr = stdout.Bytes(), stderr.Bytes()
	return res
}

// wantExit fails the test unless the command exited with status want.
func (r result) wantExit(t *testing.T, want int) {
	t.Helper()
	if r.exit != want {
		t.Fatalf("%s: exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", r.cmd, r.exit, want, r.stdout, r.stderr)
	}
}
