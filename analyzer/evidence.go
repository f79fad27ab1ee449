package analyzer

import (
	"go/ast"
	"maps"
	"strings"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A driver that loads the whole program (the standalone command, and so
// the GitHub action) sees evidence of healing that go vet and
// golangci-lint, which analyze one package and its imports, cannot: what
// main sets up. It gathers that evidence from every loaded package before
// the analysis and hands it to the suite as the model's input, so the same
// finding may be graded milder there than under go vet, never milder than
// the program's code says. A user gives the same evidence to the other
// channels as a setting (-resync).

// Evidence is what the whole program says about how lost writes heal.
type Evidence struct {
	// Resync is the smallest constant default resync period the program
	// sets up (an informer factory's, a manager cache's SyncPeriod),
	// outside test files; 0 when it sets up none, or when some factory of
	// the program turns resync off.
	Resync time.Duration
	// DefaultResync tells that Resync is controller-runtime's default: the
	// program builds a manager and says nothing of its period (see
	// model.ManagerSync).
	DefaultResync bool
}

// ProgramEvidence gathers the Evidence of the loaded packages. Only a
// package that uses an informer factory or controller-runtime's manager
// or cache can set up a resync: the others are not read.
func ProgramEvidence(pkgs []*packages.Package) Evidence {
	var ev Evidence
	note := func(r time.Duration) {
		if r > 0 && (ev.Resync == 0 || r < ev.Resync) {
			ev.Resync = r
		}
	}
	// Functions that build a factory with the period their caller gives
	// (NewInformerFactories(..., 30*time.Second)), by the path of their
	// package.
	params := map[string]map[model.FuncID]int{}
	var sync model.ManagerSync
	for _, p := range pkgs {
		if p.TypesInfo == nil || p.Types == nil {
			continue
		}
		setsUp := canSetUpResync(p)
		if !setsUp && !canBuildInformer(p) {
			continue
		}
		files := productFiles(p)
		sync.Merge(model.ManagerSyncOf(p.TypesInfo, files))
		if !setsUp {
			continue
		}
		note(model.ProgramResync(p.TypesInfo, files))
		if ps := model.ResyncParams(p.TypesInfo, files); len(ps) > 0 {
			params[p.PkgPath] = ps
		}
	}
	off := false
	for _, p := range pkgs {
		if p.TypesInfo == nil || p.Types == nil {
			continue
		}
		var reached map[model.FuncID]int // the helpers p can call
		for path, ps := range params {
			if p.PkgPath == path || p.Imports[path] != nil {
				note(model.ResyncArgs(p.TypesInfo, productFiles(p), ps))
				reached = mergedParams(reached, ps)
			}
		}
		off = off || (canSetUpResync(p) || reached != nil) && model.ResyncOff(p.TypesInfo, productFiles(p), reached)
	}
	if off {
		// Some informers never resync (volcano: the manager's factories
		// resync 0, a test helper's 500 ms): which one feeds a controller
		// is not followed, so no period holds for all of them.
		return Evidence{}
	}
	if ev.Resync == 0 {
		ev.Resync = sync.DefaultResync()
		ev.DefaultResync = ev.Resync > 0
	}
	return ev
}

// mergedParams adds ps to into (allocated when nil).
func mergedParams(into, ps map[model.FuncID]int) map[model.FuncID]int {
	if into == nil {
		into = map[model.FuncID]int{}
	}
	maps.Copy(into, ps)
	return into
}

// productFiles returns the files of p that are not test code: a test
// harness's informer factory sets up no resync of the program.
func productFiles(p *packages.Package) []*ast.File {
	var files []*ast.File
	for _, f := range p.Syntax {
		if !syntax.InTestFile(p.Fset, f.Pos()) && !syntax.TestSupport(f) {
			files = append(files, f)
		}
	}
	return files
}

// canSetUpResync reports whether p imports an informer factory package
// or controller-runtime's root, manager or cache package.
func canSetUpResync(p *packages.Package) bool {
	for _, imp := range p.Types.Imports() {
		path := imp.Path()
		if strings.Contains(path, "informers") || path == "sigs.k8s.io/controller-runtime" ||
			path == "sigs.k8s.io/controller-runtime/pkg/manager" || path == "sigs.k8s.io/controller-runtime/pkg/cache" {
			return true
		}
	}
	return false
}

// canBuildInformer reports whether p imports a package that builds
// informers beside canSetUpResync's: client-go's informer machinery
// (tools/cache) and dynamic informers.
func canBuildInformer(p *packages.Package) bool {
	for _, imp := range p.Types.Imports() {
		if path := imp.Path(); strings.Contains(path, "informer") || strings.HasSuffix(path, "client-go/tools/cache") {
			return true
		}
	}
	return false
}

// ProgramHealing returns the grader of lost writes from the whole
// program's evidence (see model.ProgramHealing): the product code of the
// loaded packages that can name Kubernetes objects, each once (a test
// variant's product files are its package's). resync is the program's
// default resync period, 0 when none is known.
func ProgramHealing(pkgs []*packages.Package, resync time.Duration) *model.ProgramHealing {
	reach := upstream.NewReach()
	var program []model.ProgramPackage
	for _, p := range pkgs {
		if p.TypesInfo == nil || p.Types == nil || p.ID != p.PkgPath || !reach.ReachesObjects(p.Types) {
			continue
		}
		program = append(program, model.ProgramPackage{Pkg: p.Types, Info: p.TypesInfo, Files: productFiles(p)})
	}
	return model.NewProgramHealing(program, resync)
}

// SeeWholeProgram gives opts what the loaded packages, the whole program,
// show: the program's resync period, unless the user gave one, and the
// grader of lost writes by their callers. It returns what the program
// says of its resync.
func SeeWholeProgram(opts *upstream.Options, pkgs []*packages.Package) Evidence {
	ev := ProgramEvidence(pkgs)
	if opts.Resync == 0 && ev.Resync > 0 {
		opts.Resync = upstream.Duration(ev.Resync)
	}
	opts.Program = ProgramHealing(pkgs, time.Duration(opts.Resync))
	return ev
}
