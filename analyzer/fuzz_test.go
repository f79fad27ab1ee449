package analyzer_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// FuzzSuite builds a controller function from the fuzzer's bytes (a small
// grammar of reads, writes, retry closures, error branches, loops,
// goroutines and helpers), appends the raw statements of the second input
// when they parse, and runs the whole suite on it. It fails on a panic
// (which the suite's guard reports as a diagnostic of category
// InternalError), on an analysis error of a package that type-checks, and
// on a suggested fix that does not apply cleanly or leaves a file that does
// not parse. The seeds run as an ordinary test:
//
//	go test ./analyzer -run FuzzSuite                  # seeds only
//	go test ./analyzer -run '^$' -fuzz FuzzSuite -fuzztime 2m
func FuzzSuite(f *testing.F) {
	for _, seed := range fuzzSeeds {
		f.Add(seed.program, seed.raw)
	}
	f.Fuzz(func(t *testing.T, program []byte, raw string) {
		src, generated := generate(program, raw)
		checkSuite(t, src, generated)
	})
}

var fuzzSeeds = []struct {
	program []byte
	raw     string
}{
	{[]byte{}, ""},
	{[]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}, ""},
	{[]byte{3, 0, 3, 1, 3, 2, 3, 3, 3, 4, 3, 5}, ""},
	{[]byte{6, 4, 0, 1, 2, 7, 9, 5, 11, 3, 1}, ""},
	{[]byte{8, 1, 3, 0, 10, 12, 2, 9}, ""},
	{[]byte{14, 2, 15, 1, 16, 3, 17, 0, 18, 4}, ""},
	{[]byte{6, 6, 6, 1, 1, 1}, ""},
	{[]byte{2}, "if err := r.Update(ctx, &obj); err != nil { return ctrl.Result{}, nil }"},
	{[]byte{0}, "go func() { _ = r.Status().Update(ctx, &obj) }()"},
	{[]byte{1}, "for { if err := r.Update(ctx, &obj); apierrors.IsConflict(err) { continue }; break }"},
	{[]byte{5}, "_ = retry.RetryOnConflict(retry.DefaultRetry, func() error { return r.Update(ctx, &obj) })"},
	{[]byte{4}, "err = r.Update(ctx, undefinedThing)"},
	{[]byte{}, "}}}{{{"},
}

// generator writes Go statements chosen by the fuzzer's bytes.
type generator struct {
	in       []byte
	buf      bytes.Buffer
	depth    int
	handlers int // handler literals declared so far, to name the next one
}

// ctx is the kind of function the statements are in, which decides what a
// return statement looks like.
type genCtx int

const (
	inReconcile genCtx = iota // func(...) (ctrl.Result, error)
	inErrFunc                 // func() error: a retry closure or a helper
	inVoid                    // a goroutine or an event handler
)

func (g *generator) next() int {
	if len(g.in) == 0 {
		return -1
	}
	b := g.in[0]
	g.in = g.in[1:]
	return int(b)
}

func (g *generator) line(format string, args ...any) {
	g.buf.WriteString(strings.Repeat("\t", g.depth+1))
	fmt.Fprintf(&g.buf, format, args...)
	g.buf.WriteByte('\n')
}

// block writes up to n statements, stopping when the input runs out.
func (g *generator) block(c genCtx, loop bool, n int) {
	if g.depth > 4 {
		return
	}
	g.depth++
	defer func() { g.depth-- }()
	for i := 0; i < n; i++ {
		b := g.next()
		if b < 0 || b == 255 {
			return
		}
		g.stmt(b, c, loop)
	}
}

// writes are the conflict-prone writes and other calls a statement may use;
// each evaluates to an error.
var writes = []string{
	"r.Update(ctx, &obj)",
	"r.Status().Update(ctx, &obj)",
	"r.Patch(ctx, &obj, client.MergeFromWithOptions(base, client.MergeFromWithOptimisticLock{}))",
	"r.Patch(ctx, &obj, client.MergeFrom(base))",
	"r.Create(ctx, &obj)",
	"r.save(ctx, &obj)",
	"r.Get(ctx, key, &obj)",
	"updateTyped(ctx, r.cs, &obj)",
}

func (g *generator) write() string {
	b := max(g.next(), 0)
	return writes[b%len(writes)]
}

// ret returns a return statement valid in c; err is the error expression.
func ret(c genCtx, err string) string {
	switch c {
	case inReconcile:
		return "return ctrl.Result{}, " + err
	case inErrFunc:
		return "return " + err
	}
	return "return"
}

func (g *generator) stmt(b int, c genCtx, loop bool) {
	switch b % 20 {
	case 0:
		g.line("err = %s", g.write())
	case 1:
		g.line("%s", g.write())
	case 2:
		g.line("if err := %s; err != nil {", g.write())
		g.branch(c, loop)
		g.line("}")
	case 3:
		g.line("if err != nil {")
		g.branch(c, loop)
		g.line("}")
	case 4:
		g.line("obj.Data = map[string]string{\"k\": \"v%d\"}", b)
	case 5:
		g.line("err = retry.RetryOnConflict(retry.DefaultRetry, func() error {")
		g.block(inErrFunc, false, 3)
		g.line("\treturn err")
		g.line("})")
	case 6:
		g.line("for i := 0; i < 3; i++ {")
		g.block(c, true, 3)
		g.line("}")
	case 7:
		g.line("go func() {")
		g.block(inVoid, false, 3)
		g.line("}()")
	case 8:
		g.line("defer %s", g.write())
	case 9:
		g.line("err = fmt.Errorf(\"saving: %%w\", %s)", g.write())
	case 10:
		g.line("if apierrors.IsConflict(err) {")
		g.branch(c, loop)
		g.line("}")
	case 11:
		g.line("%s", ret(c, "err"))
	case 12:
		g.line("log.Println(%s)", g.write())
	case 13:
		g.line("_ = %s", g.write())
	case 14:
		g.line("if err = %s; err == nil {", g.write())
		g.block(c, loop, 2)
		g.line("} else {")
		g.branch(c, loop)
		g.line("}")
	case 15:
		g.line("switch {")
		g.line("case apierrors.IsConflict(err):")
		g.branch(c, loop)
		g.line("case err != nil:")
		g.branch(c, loop)
		g.line("}")
	case 16:
		g.handlers++
		n := g.handlers
		g.line("handler%d := func() {", n)
		g.block(inVoid, false, 2)
		g.line("}")
		g.line("handler%d()", n)
	case 17:
		g.line("obj = *obj.DeepCopy()")
	case 18:
		if c == inReconcile {
			g.line("return ctrl.Result{Requeue: true}, nil")
		} else {
			g.line("_ = obj")
		}
	case 19:
		g.line("errs = append(errs, %s)", g.write())
	}
}

// branch writes what an error branch does.
func (g *generator) branch(c genCtx, loop bool) {
	g.depth++
	defer func() { g.depth-- }()
	switch b := max(g.next(), 0); b % 8 {
	case 0:
		g.line("%s", ret(c, "err"))
	case 1:
		g.line("log.Println(err)")
	case 2:
		if loop {
			g.line("continue")
		} else {
			g.line("_ = err")
		}
	case 3:
		g.line("panic(err)")
	case 4:
		if c == inReconcile {
			g.line("return ctrl.Result{RequeueAfter: time.Second}, nil")
		} else {
			g.line("%s", ret(c, "nil"))
		}
	case 5:
		g.line("if err := r.Get(ctx, key, &obj); err != nil {")
		g.line("\t%s", ret(c, "err"))
		g.line("}")
		g.line("err = %s", g.write())
	case 6:
		g.block(c, loop, 2)
	case 7:
		g.line("%s", ret(c, "fmt.Errorf(\"update: %w\", err)"))
	}
}

// generate returns the source of a package holding one reconciler whose
// body the fuzzer's bytes choose, with raw appended as statements when it
// parses as such.
// generated is false when raw was appended: only then may the package be
// ill-typed.
func generate(program []byte, raw string) (src string, generated bool) {
	g := &generator{in: program}
	g.block(inReconcile, false, 64)
	body := g.buf.String()
	generated = true
	if raw != "" && !strings.Contains(raw, "\x00") {
		if _, err := parser.ParseFile(token.NewFileSet(), "raw.go", "package p\nfunc f() {\n"+raw+"\n}\n", 0); err == nil {
			body += raw + "\n"
			generated = false
		}
	}
	return fmt.Sprintf(fuzzTemplate, body), generated
}

const fuzzTemplate = `package fuzzed

import (
	"context"
	"fmt"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct {
	client.Client
	cs kubernetes.Interface
}

func (r *R) save(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.Update(ctx, cm)
}

func updateTyped(ctx context.Context, cs kubernetes.Interface, cm *corev1.ConfigMap) error {
	_, err := cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{})
	return err
}

var (
	_ = apierrors.IsConflict
	_ = retry.RetryOnConflict
	_ = fmt.Errorf
	_ = log.Println
	_ = time.Second
)

func (r *R) Reconcile(ctx context.Context, key client.ObjectKey) (ctrl.Result, error) {
	var obj corev1.ConfigMap
	var err error
	var errs []error
	base := obj.DeepCopy()
	_, _, _ = base, errs, err
%s	return ctrl.Result{}, err
}
`

var (
	stubOnce sync.Once
	stubPkgs map[string]*types.Package
	stubErr  error
)

// loadStubs loads the template's imports from the shared stub tree.
func loadStubs(t testing.TB) map[string]*types.Package {
	stubOnce.Do(func() {
		td := testdir.Path(t)
		cfg := &packages.Config{
			Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps,
			Dir:  filepath.Join(td, "src"),
			Env:  append(os.Environ(), "GOPATH="+td, "GO111MODULE=off", "GOFLAGS=", "GOWORK=off"),
		}
		file, err := parser.ParseFile(token.NewFileSet(), "t.go", fmt.Sprintf(fuzzTemplate, ""), parser.ImportsOnly)
		if err != nil {
			stubErr = err
			return
		}
		var paths []string
		for _, imp := range file.Imports {
			paths = append(paths, strings.Trim(imp.Path.Value, `"`))
		}
		pkgs, err := packages.Load(cfg, paths...)
		if err != nil {
			stubErr = err
			return
		}
		stubPkgs = map[string]*types.Package{}
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			for _, e := range p.Errors {
				stubErr = fmt.Errorf("%s: %v", p.PkgPath, e)
			}
			if p.Types != nil {
				stubPkgs[p.PkgPath] = p.Types
			}
		})
	})
	if stubErr != nil {
		t.Fatal(stubErr)
	}
	return stubPkgs
}

type mapImporter map[string]*types.Package

func (m mapImporter) Import(path string) (*types.Package, error) {
	if p := m[path]; p != nil {
		return p, nil
	}
	return nil, fmt.Errorf("no stub package %q", path)
}

// checkSuite type-checks src against the stubs, runs the suite and checks
// the outcome.
func checkSuite(t *testing.T, src string, generated bool) {
	dir := t.TempDir()
	filename := filepath.Join(dir, "fuzzed.go")
	run := analyzeSource(t, filename, src)
	if generated && len(run.typeErrs) > 0 {
		t.Fatalf("generated source does not type-check: %v\n%s", run.typeErrs[0], src)
	}
	for _, d := range run.diags {
		t.Logf("%s: %s", run.fset.Position(d.Pos), d.Message)
		if len(d.SuggestedFixes) > 1 {
			t.Errorf("%s: %d suggested fixes, want at most one", d.Message, len(d.SuggestedFixes))
		}
		for _, fix := range d.SuggestedFixes {
			checkFix(t, run, filename, src, d, fix)
		}
	}
}

// suiteRun is what the suite reported on one source file.
type suiteRun struct {
	fset     *token.FileSet
	diags    []analysis.Diagnostic
	typeErrs []types.Error
}

// count returns how many diagnostics have message.
func (r suiteRun) count(message string) int {
	n := 0
	for _, d := range r.diags {
		if d.Message == message {
			n++
		}
	}
	return n
}

// analyzeSource writes src to filename, type-checks it against the stubs
// and runs the whole suite on it.
func analyzeSource(t *testing.T, filename, src string) suiteRun {
	stubs := loadStubs(t)
	if err := os.WriteFile(filename, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, filename, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("source does not parse: %v\n%s", err, src)
	}
	info := fullTypesInfo()
	var typeErrs []types.Error
	conf := types.Config{
		Importer: mapImporter(stubs),
		Error:    func(err error) { typeErrs = append(typeErrs, err.(types.Error)) },
	}
	tpkg, _ := conf.Check("fuzzed", fset, []*ast.File{file}, info)
	pkg := &packages.Package{
		ID: "fuzzed", Name: "fuzzed", PkgPath: "fuzzed",
		GoFiles: []string{filename}, CompiledGoFiles: []string{filename},
		Fset: fset, Syntax: []*ast.File{file},
		Types: tpkg, TypesInfo: info, TypesSizes: types.SizesFor("gc", "amd64"),
		TypeErrors: typeErrs, IllTyped: len(typeErrs) > 0,
		Imports: map[string]*packages.Package{},
	}
	graph, err := checker.Analyze(analyzer.Default(), []*packages.Package{pkg}, nil)
	if err != nil {
		t.Fatal(err)
	}
	run := suiteRun{fset: fset, typeErrs: typeErrs}
	for act := range graph.All() {
		if act.Err != nil && !pkg.IllTyped {
			t.Errorf("%s: %v\n%s", act.Analyzer.Name, act.Err, src)
		}
		for _, d := range act.Diagnostics {
			if d.Category == analyzer.InternalError { // a panic, which the suite's guard recovered
				t.Errorf("%s: %s\n%s", act.Analyzer.Name, d.Message, src)
				continue
			}
			run.diags = append(run.diags, d)
		}
	}
	return run
}

// checkFix applies fix to src and checks that its edits stay in the file
// and do not overlap, and, when src type-checked, that the fixed source
// type-checks too and is no longer reported for d.
func checkFix(t *testing.T, run suiteRun, filename, src string, d analysis.Diagnostic, fix analysis.SuggestedFix) {
	fset := run.fset
	tf := fset.File(d.Pos)
	type span struct {
		start, end int
		text       []byte
	}
	var spans []span
	for _, e := range fix.TextEdits {
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		f := fset.File(e.Pos)
		if f == nil || f != tf || fset.File(end) != f || f.Name() != filename {
			t.Errorf("%s: fix %q edits outside the file", d.Message, fix.Message)
			return
		}
		s, en := f.Offset(e.Pos), f.Offset(end)
		if s > en || en > len(src) {
			t.Errorf("%s: fix %q has a bad edit range %d..%d", d.Message, fix.Message, s, en)
			return
		}
		spans = append(spans, span{s, en, e.NewText})
	}
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	for i := 1; i < len(spans); i++ {
		if spans[i].start < spans[i-1].end {
			t.Errorf("%s: fix %q has overlapping edits", d.Message, fix.Message)
			return
		}
	}
	out := []byte(src)
	for _, s := range slices.Backward(spans) {
		out = slices.Concat(out[:s.start], s.text, out[s.end:])
	}
	if _, err := parser.ParseFile(token.NewFileSet(), filename, out, 0); err != nil {
		t.Errorf("%s: after fix %q the file does not parse: %v\n%s", d.Message, fix.Message, err, out)
		return
	}
	if len(run.typeErrs) > 0 {
		return
	}
	fixed := analyzeSource(t, filepath.Join(t.TempDir(), "fuzzed.go"), string(out))
	if len(fixed.typeErrs) > 0 {
		t.Errorf("%s: after fix %q the file does not type-check: %v\n%s", d.Message, fix.Message, fixed.typeErrs[0], out)
	} else if fixed.count(d.Message) >= run.count(d.Message) {
		t.Errorf("%s: still reported after fix %q\n%s", d.Message, fix.Message, out)
	}
}

// fullTypesInfo returns a types.Info that records everything a driver
// gives an analyzer.
func fullTypesInfo() *types.Info {
	return &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		Scopes:       map[ast.Node]*types.Scope{},
		Instances:    map[*ast.Ident]types.Instance{},
		FileVersions: map[*ast.File]string{},
	}
}
