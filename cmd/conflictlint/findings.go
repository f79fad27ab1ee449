package main

import (
	"cmp"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/conflictlint/conflictlint/analyzer"
)

// A finding is one diagnostic of a root action, in the terms every output
// format and the baseline need: positions resolved, paths made relative to
// the repository root, the enclosing function named.
type finding struct {
	Pkg      string // package ID, for -json
	PkgPath  string
	Analyzer *analysis.Analyzer
	Message  string
	// Consequence is the grade the message ends with (lost, until-event,
	// until-resync, reported, requeued, unknown), "" for a finding without one.
	Consequence string
	Pos, End    token.Position // Filename is absolute
	File        string         // slash path relative to the repository root
	Func        string         // enclosing function, "" at package level
	Shape       string         // the code reported on, local names normalised (see shapes)
	Fixes       []fix
	Related     []related
}

type fix struct {
	Message string
	Edits   []edit
}

// An edit replaces the bytes [Start, End) of a file with New.
type edit struct {
	Pos, End token.Position
	File     string // relative, as in finding
	New      string
}

type related struct {
	Pos, End token.Position
	File     string
	Message  string
}

// collect gathers the findings of the root actions of graph, without the
// duplicates that files shared by a package and its test variant produce,
// sorted by position.
func collect(graph *checker.Graph, root string) []*finding {
	type key struct {
		pos, end token.Position
		analyzer *analysis.Analyzer
		message  string
	}
	seen := make(map[key]bool)
	unused := unusedEverywhere(graph)
	shapes := newShapes()
	var out []*finding
	for _, act := range graph.Roots {
		// A package that did not load or type-check is not analyzed by
		// the analyzers that need types, so it is reported as not analyzed
		// (see actionErrors), and the findings of those that ran anyway
		// are left out: a package is analyzed by every analyzer or none.
		if act.Err != nil || act.Package.IllTyped {
			continue
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			if d.Category == analyzer.InternalError { // an error, see actionErrors
				continue
			}
			f := newFinding(act, d, root)
			k := key{f.Pos, f.End, act.Analyzer, d.Message}
			if seen[k] || analyzer.UnusedDirective(d.Message) && !unused(act.Analyzer, f.Pos) {
				continue
			}
			seen[k] = true
			f.Func = enclosingFunc(act.Package.Syntax, fset, d.Pos)
			f.Shape = shapes.of(fset, act.Package.TypesInfo, fileAt(act.Package.Syntax, d.Pos), d.Pos, d.End)
			out = append(out, f)
		}
	}
	slices.SortFunc(out, compareFindings)
	return out
}

// unusedEverywhere returns what tells whether the directive at pos hid
// nothing for an analyzer in every unit that analyzed its file. A package
// with tests is analyzed as itself and as its test variant, and a variant
// that leaves the product files to the package's own unit (see
// analyzer.CoveredTestVariants) never sees the findings their directives
// hide: a directive is unused only when no unit used it, so that -fix never
// deletes a suppression that works.
func unusedEverywhere(graph *checker.Graph) func(a *analysis.Analyzer, pos token.Position) bool {
	type fileKey struct {
		analyzer *analysis.Analyzer
		file     string
	}
	type posKey struct {
		analyzer *analysis.Analyzer
		pos      token.Position
	}
	units := make(map[fileKey]int)
	reports := make(map[posKey]int)
	for _, act := range graph.Roots {
		if act.Err != nil {
			continue
		}
		fset := act.Package.Fset
		for _, file := range act.Package.Syntax {
			units[fileKey{act.Analyzer, fset.File(file.FileStart).Name()}]++
		}
		for _, d := range act.Diagnostics {
			if analyzer.UnusedDirective(d.Message) {
				reports[posKey{act.Analyzer, fset.Position(d.Pos)}]++
			}
		}
	}
	return func(a *analysis.Analyzer, pos token.Position) bool {
		return reports[posKey{a, pos}] >= units[fileKey{a, pos.Filename}]
	}
}

func compareFindings(a, b *finding) int {
	return cmp.Or(
		strings.Compare(a.File, b.File),
		cmp.Compare(a.Pos.Line, b.Pos.Line),
		cmp.Compare(a.Pos.Column, b.Pos.Column),
		strings.Compare(a.Analyzer.Name, b.Analyzer.Name),
		strings.Compare(a.Message, b.Message),
	)
}

func newFinding(act *checker.Action, d analysis.Diagnostic, root string) *finding {
	fset := act.Package.Fset
	pos := fset.Position(d.Pos)
	end := fset.Position(cmp.Or(d.End, d.Pos))
	f := &finding{
		Pkg:         act.Package.ID,
		PkgPath:     act.Package.PkgPath,
		Analyzer:    act.Analyzer,
		Message:     d.Message,
		Consequence: analyzer.Consequence(d.Message),
		Pos:         pos,
		End:         end,
		File:        relPath(root, pos.Filename),
	}
	for _, sf := range d.SuggestedFixes {
		fx := fix{Message: sf.Message}
		for _, te := range sf.TextEdits {
			p, e := fset.Position(te.Pos), fset.Position(cmp.Or(te.End, te.Pos))
			fx.Edits = append(fx.Edits, edit{Pos: p, End: e, File: relPath(root, p.Filename), New: string(te.NewText)})
		}
		f.Fixes = append(f.Fixes, fx)
	}
	for _, r := range d.Related {
		p, e := fset.Position(r.Pos), fset.Position(cmp.Or(r.End, r.Pos))
		f.Related = append(f.Related, related{Pos: p, End: e, File: relPath(root, p.Filename), Message: r.Message})
	}
	return f
}

// enclosingFunc names the top-level function declaration around pos:
// "Name", or "(*T).Name" / "T.Name" for methods. Function literals count as
// part of the declaration they appear in, so that adding a closure does not
// rename the findings of its neighbours.
func enclosingFunc(files []*ast.File, fset *token.FileSet, pos token.Pos) string {
	file := fileAt(files, pos)
	if file == nil {
		return ""
	}
	for _, decl := range file.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || pos < fd.Pos() || pos >= fd.End() {
			continue
		}
		if fd.Recv == nil || len(fd.Recv.List) == 0 {
			return fd.Name.Name
		}
		return "(" + recvName(fd.Recv.List[0].Type) + ")." + fd.Name.Name
	}
	return ""
}

// fileAt is the file of files that holds pos, or nil.
func fileAt(files []*ast.File, pos token.Pos) *ast.File {
	for _, file := range files {
		if pos >= file.FileStart && pos < file.FileEnd {
			return file
		}
	}
	return nil
}

// recvName spells a receiver type without its type parameters: "*T" or "T".
func recvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return "*" + recvName(e.X)
	case *ast.ParenExpr:
		return recvName(e.X)
	case *ast.IndexExpr:
		return recvName(e.X)
	case *ast.IndexListExpr:
		return recvName(e.X)
	case *ast.Ident:
		return e.Name
	}
	return "?"
}

// relPath is filename relative to root with forward slashes, or filename
// itself (slashed) when it lies outside root.
func relPath(root, filename string) string {
	if root != "" {
		if rel, err := filepath.Rel(root, filename); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(filename)
}

// repoRoot is the directory that paths in reports and baselines are
// relative to: the nearest directory at or above dir holding .git (a
// directory, or a file in worktrees and submodules), else dir itself.
func repoRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}
