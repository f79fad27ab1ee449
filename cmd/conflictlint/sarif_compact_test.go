package main

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/xeipuuv/gojsonschema"

	"github.com/conflictlint/conflictlint/analyzer"
)

// packageDir is this package's directory, for the go command: the tests
// change directory.
var packageDir, _ = filepath.Abs(".")

// sarifSchema returns the SARIF 2.1.0 JSON schema that the SARIF library
// validates against, read from the library's source in the module cache
// (it keeps the schema in an unexported constant).
var sarifSchema = sync.OnceValues(func() (string, error) {
	cmd := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/owenrumney/go-sarif/v3")
	cmd.Dir = packageDir
	cmd.Env = append(os.Environ(), "GO111MODULE=on", "GOFLAGS=-mod=mod", "GOPATH=")
	out, err := cmd.Output()
	if err != nil {
		return "", err
	}
	file := filepath.Join(strings.TrimSpace(string(out)), "pkg/report/v210/sarif/schema.go")
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		return "", err
	}
	if obj := f.Scope.Lookup("schema"); obj != nil {
		if spec, ok := obj.Decl.(*ast.ValueSpec); ok && len(spec.Values) == 1 {
			if lit, ok := spec.Values[0].(*ast.BasicLit); ok {
				return strconv.Unquote(lit.Value)
			}
		}
	}
	return "", os.ErrNotExist
})

// validateSARIF validates a SARIF log, as written, against the 2.1.0
// schema. (sarif.Report.Validate validates the library's structs, which
// write every default again, not the bytes a consumer reads.)
func validateSARIF(t *testing.T, log []byte) {
	t.Helper()
	schema, err := sarifSchema()
	if err != nil {
		t.Fatalf("reading the SARIF schema: %v", err)
	}
	res, err := gojsonschema.Validate(gojsonschema.NewStringLoader(schema), gojsonschema.NewBytesLoader(log))
	if err != nil {
		t.Fatalf("validating the SARIF log: %v", err)
	}
	for _, e := range res.Errors() {
		t.Errorf("the SARIF log does not validate against the 2.1.0 schema: %s", e)
	}
}

// TestSARIFDefaultsMatchSchema checks sarifDefaults against the schema:
// every object of the schema whose property of a listed name has the
// listed value's type declares that value as its default, and at least
// one does.
func TestSARIFDefaultsMatchSchema(t *testing.T) {
	text, err := sarifSchema()
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Definitions map[string]struct {
			Properties map[string]struct {
				Type    string
				Default any
			}
		}
	}
	if err := json.Unmarshal([]byte(text), &schema); err != nil {
		t.Fatal(err)
	}
	typeOf := func(v any) string {
		switch v.(type) {
		case float64:
			return "number"
		case bool:
			return "boolean"
		case string:
			return "string"
		case []any:
			return "array"
		}
		return "object"
	}
	for name, def := range sarifDefaults {
		declared := 0
		for defName, d := range schema.Definitions {
			p, ok := d.Properties[name]
			typ := p.Type
			if typ == "integer" {
				typ = "number"
			}
			if !ok || typ != typeOf(def) {
				continue
			}
			if p.Default == nil || !jsonEqual(p.Default, def) {
				t.Errorf("%s.%s: the schema's default is %v, sarifDefaults says %v", defName, name, p.Default, def)
				continue
			}
			declared++
		}
		if declared == 0 {
			t.Errorf("sarifDefaults lists %s, which no object of the schema has with a default %v", name, def)
		}
	}
}

func TestCompactSARIF(t *testing.T) {
	in := `{"runs":[{"results":[],"graphs":[],"language":"en-US","invocations":[{"executionSuccessful":false,"toolExecutionNotifications":[]}],
	"tool":{"driver":{"name":"x","rules":[{"id":"r","defaultConfiguration":{"level":"error","enabled":true,"rank":-1}}]}}}],
	"x":{"index":-1,"kind":"fail","level":"note","id":"a & b","ruleIndex":0,"newlineSequences":["\n"],"rank":-1.0}}`
	out, err := compactSARIF([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	var got, want any
	json.Unmarshal(out, &got)
	json.Unmarshal([]byte(`{"runs":[{"results":[],"invocations":[{"executionSuccessful":false}],
	"tool":{"driver":{"name":"x","rules":[{"id":"r","defaultConfiguration":{"level":"error"}}]}}}],
	"x":{"kind":"fail","level":"note","id":"a & b","ruleIndex":0,"newlineSequences":["\n"]}}`), &want)
	if g, w := mustJSON(got), mustJSON(want); g != w {
		t.Errorf("compactSARIF:\ngot  %s\nwant %s", g, w)
	}
	if !bytes.Contains(out, []byte(`"a & b"`)) || !bytes.HasSuffix(out, []byte("}\n")) {
		t.Errorf("compactSARIF escapes & or drops the final newline:\n%s", out)
	}

	// A result's level stays, even at warning: absent, it would be its
	// rule's level.
	out, err = compactSARIF([]byte(`{"runs":[{"results":[{"level":"warning","rank":-1},{"level":"error"}],
	"tool":{"driver":{"name":"x","rules":[{"id":"r","defaultConfiguration":{"level":"warning"}}]}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	json.Unmarshal(out, &got)
	json.Unmarshal([]byte(`{"runs":[{"results":[{"level":"warning"},{"level":"error"}],
	"tool":{"driver":{"name":"x","rules":[{"id":"r"}]}}}]}`), &want)
	if g, w := mustJSON(got), mustJSON(want); g != w {
		t.Errorf("compactSARIF of results:\ngot  %s\nwant %s", g, w)
	}
}

func mustJSON(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}

// TestSARIFIsCompact builds the SARIF log of the driver's run on
// cmdreport twice, as the SARIF library writes it (every property) and as
// the driver writes it, and checks that the driver's is valid as written,
// leaves out only properties at their schema default and empty ones, and
// is smaller: each result by more than a fifth.
func TestSARIFIsCompact(t *testing.T) {
	root := gopath(t)
	pkgs, loadErrs, err := load([]string{"cmdreport/..."}, true, "", io.Discard)
	if err != nil || loadErrs > 0 {
		t.Fatalf("loading cmdreport: %v (%d load errors)", err, loadErrs)
	}
	suite := analyzer.Default()
	graph, err := analyze(suite, pkgs)
	if err != nil {
		t.Fatal(err)
	}
	findings := collect(graph, root)
	if len(findings) == 0 {
		t.Fatal("no findings in cmdreport")
	}
	var full, compact bytes.Buffer
	if err := sarifReport(suite, findings, nil).PrettyWrite(&full); err != nil {
		t.Fatal(err)
	}
	if err := writeSARIF(&compact, sarifReport(suite, findings, nil)); err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, compact.Bytes())

	var f, c map[string]any
	if err := json.Unmarshal(full.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(compact.Bytes(), &c); err != nil {
		t.Fatal(err)
	}
	sameButDefaults(t, "", f, c)

	results := func(log map[string]any) []any {
		return log["runs"].([]any)[0].(map[string]any)["results"].([]any)
	}
	for i, fr := range results(f) {
		cr := results(c)[i]
		if n, m := len(mustJSON(cr)), len(mustJSON(fr)); 5*n > 4*m {
			t.Errorf("result %d: %d bytes, more than four fifths of its %d in full", i, n, m)
		}
	}
	t.Logf("%d results: %d bytes, %d in full", len(findings), compact.Len(), full.Len())
	if compact.Len() >= full.Len() {
		t.Errorf("the log has %d bytes, the library writes %d", compact.Len(), full.Len())
	}
}

// sameButDefaults checks that the compact value c says what the full value
// f says: every property of f is in c with the same value, or is absent
// from c because it holds its default or is empty once defaults are gone.
func sameButDefaults(t *testing.T, path string, f, c any) {
	t.Helper()
	switch fv := f.(type) {
	case map[string]any:
		cv, ok := c.(map[string]any)
		if !ok {
			t.Errorf("%s: %v became %v", path, f, c)
			return
		}
		for k, x := range fv {
			if y, ok := cv[k]; ok {
				sameButDefaults(t, path+"."+k, x, y)
			} else if _, keep := pruneSARIF(k, x); keep {
				t.Errorf("%s.%s: %v is left out, but it is not a default", path, k, x)
			}
		}
		for k := range cv {
			if _, ok := fv[k]; !ok {
				t.Errorf("%s.%s: not in the full log", path, k)
			}
		}
	case []any:
		cv, ok := c.([]any)
		if !ok || len(cv) != len(fv) {
			t.Errorf("%s: %v became %v", path, f, c)
			return
		}
		for i := range fv {
			sameButDefaults(t, path+"["+strconv.Itoa(i)+"]", fv[i], cv[i])
		}
	default:
		if f != c {
			t.Errorf("%s: %v became %v", path, f, c)
		}
	}
}
