// Package fixcheck offers a suggested fix only if the package still
// type-checks with it. The registry wraps every analyzer's Report once
// (Wrap): before a diagnostic with fixes leaves the analyzer, each fix's
// edits are applied to the package's files in memory, the files are parsed
// again and the package is type-checked against the same imports the pass
// has. A fix that brings an error the unedited package does not have (an
// unused variable or import, a name out of scope, a type mismatch, a
// syntax error) is withheld, and the message says so.
//
// Rules about the ways an edit can break a build never cover the next
// one; the type checker does. Findings with fixes are rare, so checking
// costs nothing where there are none. A fix whose edits all lie inside
// function bodies of one file (most of them) is checked with the bodies of
// that file only, against the unedited package checked the same way: no
// other body can see what such an edit changes. Any other fix is checked
// against the whole package, checked unedited once.
package fixcheck

import (
	"cmp"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"slices"
	"strconv"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

// Wrap makes a's Run check the fixes of what it reports (see the package
// doc). It changes a in place, since other analyzers require it by
// pointer.
func Wrap(a *analysis.Analyzer) {
	run := a.Run
	a.Run = func(pass *analysis.Pass) (any, error) {
		report := pass.Report
		c := &checker{pass: pass}
		pass.Report = func(d analysis.Diagnostic) { report(c.verify(d)) }
		defer func() { pass.Report = report }()
		return run(pass)
	}
}

// checker verifies the fixes of one pass.
type checker struct {
	pass *analysis.Pass

	mu       sync.Mutex
	files    []sourceFile   // the package's files as they are, lazily
	baseline map[string]int // the unedited package's type errors, by message
	loadErr  error          // why the files could not be read
	// fset holds every file typeCheck parsed; parsed are the unedited
	// files' syntax, parsed once and reused by every check that leaves
	// the file as it is (the type checker does not change syntax).
	fset   *token.FileSet
	parsed []*ast.File
	// fileBaselines are the type errors of the unedited package checked
	// with the function bodies of one file only, by file; bodiless are
	// the unedited files' syntax without function bodies.
	fileBaselines map[int]map[string]int
	bodiless      []*ast.File
}

type sourceFile struct {
	name string
	tf   *token.File
	src  []byte
}

// verify returns d with each of its fixes that type-checks; when one does
// not, d without it, its message saying why.
func (c *checker) verify(d analysis.Diagnostic) analysis.Diagnostic {
	if len(d.SuggestedFixes) == 0 {
		return d
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var kept []analysis.SuggestedFix
	var reason error
	for _, fix := range d.SuggestedFixes {
		if err := c.check(fix); err != nil {
			reason = cmp.Or(reason, err)
			continue
		}
		kept = append(kept, fix)
	}
	d.SuggestedFixes = kept
	if reason != nil && len(kept) == 0 {
		d.Message += fmt.Sprintf("; no fix: the edit would not compile (%v)", reason)
	}
	return d
}

// check returns why the package does not type-check with fix applied, or
// nil when it does.
func (c *checker) check(fix analysis.SuggestedFix) error {
	if err := c.load(); err != nil {
		return err
	}
	edited, err := c.apply(fix.TextEdits)
	if err != nil {
		return err
	}
	baseline := c.baseline
	var errs map[string]int
	if i, ok := c.bodiesOfOneFile(fix.TextEdits); ok {
		baseline, errs = c.fileBaseline(i), c.typeCheck(edited, i)
	} else {
		if baseline == nil {
			c.baseline = c.typeCheck(c.sources(), allBodies)
			baseline = c.baseline
		}
		errs = c.typeCheck(edited, allBodies)
	}
	for msg, n := range errs {
		if n > baseline[msg] {
			return errors.New(msg)
		}
	}
	return nil
}

// load reads the package's files, once.
func (c *checker) load() error {
	if c.files != nil || c.loadErr != nil {
		return c.loadErr
	}
	for _, f := range c.pass.Files {
		tf := c.pass.Fset.File(f.FileStart)
		if tf == nil {
			c.loadErr = errors.New("a file of the package has no position information")
			return c.loadErr
		}
		src, err := c.readFile(tf.Name())
		if err != nil {
			c.loadErr = fmt.Errorf("reading %s: %v", tf.Name(), err)
			return c.loadErr
		}
		c.files = append(c.files, sourceFile{name: tf.Name(), tf: tf, src: src})
	}
	c.fset, c.parsed, c.bodiless = token.NewFileSet(), make([]*ast.File, len(c.files)), make([]*ast.File, len(c.files))
	c.fileBaselines = make(map[int]map[string]int)
	return nil
}

// sources returns the package's files as they are.
func (c *checker) sources() [][]byte {
	srcs := make([][]byte, len(c.files))
	for i, f := range c.files {
		srcs[i] = f.src
	}
	return srcs
}

func (c *checker) readFile(name string) ([]byte, error) {
	if c.pass.ReadFile != nil {
		return c.pass.ReadFile(name)
	}
	return os.ReadFile(name)
}

// apply returns the package's sources with edits made.
func (c *checker) apply(edits []analysis.TextEdit) ([][]byte, error) {
	byFile := make(map[int][]analysis.TextEdit)
	for _, e := range edits {
		i := slices.IndexFunc(c.files, func(f sourceFile) bool {
			return f.tf.Base() <= int(e.Pos) && int(e.Pos) <= f.tf.Base()+f.tf.Size()
		})
		if i < 0 {
			return nil, errors.New("it edits a file outside the package")
		}
		byFile[i] = append(byFile[i], e)
	}
	out := make([][]byte, len(c.files))
	for i, f := range c.files {
		src, err := applyEdits(f, byFile[i])
		if err != nil {
			return nil, err
		}
		out[i] = src
	}
	return out, nil
}

// applyEdits returns f's source with edits made; they must not overlap.
func applyEdits(f sourceFile, edits []analysis.TextEdit) ([]byte, error) {
	if len(edits) == 0 {
		return f.src, nil
	}
	edits = slices.Clone(edits)
	slices.SortStableFunc(edits, func(a, b analysis.TextEdit) int { return cmp.Compare(a.Pos, b.Pos) })
	var out []byte
	last := 0
	for _, e := range edits {
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		start, stop := f.tf.Offset(e.Pos), f.tf.Offset(end)
		if start < last || stop < start || stop > len(f.src) {
			return nil, errors.New("its edits overlap or fall outside the file")
		}
		out = append(out, f.src[last:start]...)
		out = append(out, e.NewText...)
		last = stop
	}
	return append(out, f.src[last:]...), nil
}

// allBodies asks typeCheck to check every function body.
const allBodies = -1

// typeCheck parses srcs as the package's files and type-checks them with
// the pass's imports, returning the errors by message (positions move with
// edits; messages do not). A file left unedited is parsed once. Unless
// bodiesOf is allBodies, only the function bodies of file bodiesOf are
// checked; the others are emptied.
func (c *checker) typeCheck(srcs [][]byte, bodiesOf int) map[string]int {
	errs := make(map[string]int)
	files := make([]*ast.File, 0, len(srcs))
	for i, src := range srcs {
		f, err := c.parse(i, src)
		if f == nil {
			errs["syntax: "+err.Error()]++
			continue
		}
		if err != nil {
			errs["syntax error"]++
		}
		if bodiesOf != allBodies && i != bodiesOf {
			f = c.withoutBodies(i, f)
		}
		files = append(files, f)
	}
	conf := types.Config{
		Importer:    newImporter(c.pass.Pkg, c.pass.TypesInfo, c.pass.Files),
		GoVersion:   c.pass.Pkg.GoVersion(),
		Sizes:       c.pass.TypesSizes,
		FakeImportC: true,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				errs[te.Msg]++
				return
			}
			errs[err.Error()]++
		},
	}
	conf.Check(c.pass.Pkg.Path(), c.fset, files, nil)
	return errs
}

// parse returns file i with source src, parsed once when src is the file
// as it is (the type checker does not change syntax, so checks share it).
func (c *checker) parse(i int, src []byte) (*ast.File, error) {
	unedited := sameBytes(src, c.files[i].src)
	if unedited && c.parsed[i] != nil {
		return c.parsed[i], nil
	}
	f, err := parser.ParseFile(c.fset, c.files[i].name, src, parser.SkipObjectResolution)
	if err == nil && unedited {
		c.parsed[i] = f
	}
	return f, err
}

// withoutBodies returns f, file i, with every function body emptied: a
// copy, the syntax of f is shared. An unedited file's is made once.
func (c *checker) withoutBodies(i int, f *ast.File) *ast.File {
	if f == c.parsed[i] && c.bodiless[i] != nil {
		return c.bodiless[i]
	}
	out := *f
	out.Decls = slices.Clone(f.Decls)
	for k, d := range out.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
			empty := *fd
			empty.Body = &ast.BlockStmt{Lbrace: fd.Body.Lbrace, Rbrace: fd.Body.Rbrace}
			out.Decls[k] = &empty
		}
	}
	if f == c.parsed[i] {
		c.bodiless[i] = &out
	}
	return &out
}

// bodiesOfOneFile reports whether every edit lies inside function bodies
// of one file, and which. Such edits can change only the type errors of
// that file (its bodies, and its imports' use): no other function body
// reads a declaration local to another, so the check needs the other
// files' package-level declarations, not their bodies.
func (c *checker) bodiesOfOneFile(edits []analysis.TextEdit) (int, bool) {
	file := -1
	for _, e := range edits {
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		i := slices.IndexFunc(c.pass.Files, func(f *ast.File) bool { return f.FileStart <= e.Pos && end <= f.FileEnd })
		if i < 0 || file >= 0 && i != file || !inBody(c.pass.Files[i], e.Pos, end) {
			return 0, false
		}
		file = i
	}
	return file, file >= 0
}

// inBody reports whether [pos, end] lies strictly inside the braces of
// one of f's function bodies.
func inBody(f *ast.File, pos, end token.Pos) bool {
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Body.Lbrace < pos && end <= fd.Body.Rbrace {
			return true
		}
	}
	return false
}

// fileBaseline returns the type errors of the unedited package checked
// with only file i's function bodies, once.
func (c *checker) fileBaseline(i int) map[string]int {
	if c.fileBaselines[i] == nil {
		c.fileBaselines[i] = c.typeCheck(c.sources(), i)
	}
	return c.fileBaselines[i]
}

// sameBytes reports whether a and b are the same bytes in memory: a file
// apply left as it was.
func sameBytes(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// importer resolves the imports of the edited package: the packages the
// original files import under each path, then any package among the
// transitive imports (a fix may import one the package reaches already),
// then the few packages fixes add whose signatures are known upstream.
type importer struct {
	direct map[string]*types.Package
	pkg    *types.Package
}

func newImporter(pkg *types.Package, info *types.Info, files []*ast.File) *importer {
	imp := &importer{direct: make(map[string]*types.Package), pkg: pkg}
	for _, f := range files {
		for _, spec := range f.Imports {
			path, err := strconv.Unquote(spec.Path.Value)
			if pn := info.PkgNameOf(spec); err == nil && pn != nil {
				imp.direct[path] = pn.Imported()
			}
		}
	}
	return imp
}

func (imp *importer) Import(path string) (*types.Package, error) {
	if p := imp.direct[path]; p != nil {
		return p, nil
	}
	if p := syntax.FindPackage(imp.pkg, path); p != nil {
		return p, nil
	}
	if p := knownPackage(path, imp.pkg); p != nil {
		return p, nil
	}
	return nil, fmt.Errorf("package %s is not among the package's imports", path)
}
