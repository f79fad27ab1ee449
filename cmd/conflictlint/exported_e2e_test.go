package main_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/conflictlint/conflictlint/internal/expected"
)

// The nogo contract (docs/bazel.md): a driver built from the exported
// Analyzer values of the analyzer packages alone, as Bazel's nogo builds
// its binary from its deps, finds what the suite finds. testdata/exported
// is such a driver, a unitchecker main run here under go vet -vettool.

// TestExportedVet runs the exported analyzers under go vet on the example
// module: they must report exactly expected.txt, and every diagnostic
// (position, message, related information, fixes) exactly as the suite
// does standalone. Facts across packages are part of it: the finding at
// internal/controller/observed.go:29 needs the fact that
// internal/kubeutil.Annotate writes its parameter, and the write at
// observed.go:23 stays silent only through the fact that
// kubeutil.UpdateWithRetry retries.
func TestExportedVet(t *testing.T) {
	t.Parallel()
	suite, dir := setup(t, exampleModule)
	bin := buildExported(t)
	res := runVet(t, dir, bin, "-json")
	res.wantExit(t, 0)
	got, err := parseJSONStream(res.stdout, dir)
	if err != nil {
		t.Fatalf("%s: %v\nstdout:\n%s\nstderr:\n%s", res.cmd, err, res.stdout, res.stderr)
	}
	expected.Check(t, res.cmd+" (exported analyzers) in "+moduleName(dir), expected.Read(t, dir), got)

	standalone := run(t, dir, suite, "-json", "./...")
	standalone.wantExit(t, exitStandaloneFindings)
	exportedDiags, err := diagnosticsOf(res.stdout)
	if err != nil {
		t.Fatal(err)
	}
	suiteDiags, err := diagnosticsOf(standalone.stdout)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(exportedDiags, suiteDiags) {
		t.Errorf("the exported analyzers under go vet and the suite standalone report differently\nexported:\n%s\nsuite:\n%s", exportedDiags, suiteDiags)
	}
}

// TestExportedVetFlag checks that an analyzer's option set on the command
// line, as nogo's analyzer_flags set it, reaches the exported analyzer:
// the scenario package strict/unretriedupdate of the stub tree has one
// write whose error is returned, silent by default and reported with
// -unretriedupdate.mode=strict.
func TestExportedVetFlag(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skipf("go command not found: %v", err)
	}
	bin := buildExported(t)
	gopath, err := filepath.Abs(filepath.Join(testdataDir))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(gopath, "src", "strict", "unretriedupdate")
	env := []string{"GOPATH=" + gopath, "GO111MODULE=off", "GOFLAGS=", "GOWORK=off", "GOPROXY=off"}
	for _, tc := range []struct {
		flags []string
		want  []finding
	}{
		{nil, nil},
		{[]string{"-unretriedupdate.mode=strict"}, []finding{{Path: "strict.go", Line: 13, Analyzer: "unretriedupdate"}}},
	} {
		args := append(append([]string{"vet", "-vettool=" + bin}, tc.flags...), "-json", ".")
		res := runEnv(t, dir, env, "go", args...)
		res.wantExit(t, 0)
		got, err := parseJSONStream(res.stdout, dir)
		if err != nil {
			t.Fatalf("%s: %v\nstdout:\n%s\nstderr:\n%s", res.cmd, err, res.stdout, res.stderr)
		}
		expected.Check(t, res.cmd+" (exported analyzers) in testdata/src/strict/unretriedupdate", tc.want, got)
	}
}

// buildExported builds testdata/exported into the test's temporary
// directory.
func buildExported(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "exported")
	cmd := exec.Command("go", "build", "-o", bin, "github.com/conflictlint/conflictlint/cmd/conflictlint/testdata/exported")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build of testdata/exported: %v\n%s", err, out)
	}
	return bin
}

// diagnosticsOf renders every diagnostic of a -json output, of the
// standalone driver or of go vet, as its analyzer's name and its JSON
// with the keys sorted, in sorted order, whatever package ID the driver
// gave it, and without the standalone driver's "consequence".
func diagnosticsOf(data []byte) ([]string, error) {
	var out []string
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("decoding JSON output: %v", err)
		}
		for pkg, byAnalyzer := range tree {
			for analyzer, raw := range byAnalyzer {
				var diags []map[string]any
				if err := json.Unmarshal(raw, &diags); err != nil {
					return nil, fmt.Errorf("%s: %s: not a list of diagnostics: %s", pkg, analyzer, raw)
				}
				for _, d := range diags {
					// The standalone driver adds the grade the message
					// ends with, which go vet's JSON does not carry.
					delete(d, "consequence")
					canonical, err := json.Marshal(d) // map keys come out sorted
					if err != nil {
						return nil, err
					}
					out = append(out, analyzer+": "+string(canonical))
				}
			}
		}
	}
	slices.Sort(out)
	return out, nil
}
