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
	// byPackage is, when main packages are loaded, each package's own
	// evidence: the harshest of the programs that import it (a module
	// often holds several, each with its own informers and manager).
	// Resync is then the harshest of all programs.
	byPackage map[string]Evidence
	// Programs are the loaded main packages with their own evidence.
	Programs []ProgramResync
}

// ProgramResync is one program's evidence: its main package's path and
// what it sets up.
type ProgramResync struct {
	Main          string
	Resync        time.Duration
	DefaultResync bool
}

// For returns the evidence that grades the package at path: that of the
// programs importing it; none for a package that no loaded program runs
// (where another may); the whole load's where no main package is loaded.
func (ev Evidence) For(path string) Evidence {
	if ev.byPackage == nil {
		return Evidence{Resync: ev.Resync, DefaultResync: ev.DefaultResync}
	}
	return ev.byPackage[path]
}

// harsher returns the evidence that promises less of a and b: no resync
// over any, a longer period over a shorter.
func harsher(a, b Evidence) Evidence {
	if a.Resync == 0 || b.Resync == 0 {
		return Evidence{}
	}
	if b.Resync > a.Resync {
		return b
	}
	return a
}

// resyncPart is what one package contributes to its programs' resync.
type resyncPart struct {
	resync time.Duration // the smallest constant period it sets up
	sync   model.ManagerSync
	off    bool // it builds an informer that never resyncs
}

// ProgramEvidence gathers the Evidence of the loaded packages: of each
// program (a main package and what it imports, in view) where main
// packages are loaded, else of them all. Only a package that uses an
// informer factory or controller-runtime's manager or cache can set up a
// resync: the others are not read.
func ProgramEvidence(pkgs []*packages.Package) Evidence {
	parts := resyncParts(pkgs)
	var programs []*packages.Package
	for _, p := range pkgs {
		if p.Name == "main" && p.ID == p.PkgPath && p.TypesInfo != nil && !strings.HasSuffix(p.PkgPath, ".test") {
			programs = append(programs, p)
		}
	}
	if len(programs) == 0 {
		return combined(parts, nil)
	}
	byID := map[string]*packages.Package{}
	for _, p := range pkgs {
		byID[p.ID] = p
	}
	ev := Evidence{byPackage: map[string]Evidence{}}
	for i, main := range programs {
		members := importClosure(main, byID)
		own := combined(parts, members)
		ev.Programs = append(ev.Programs, ProgramResync{Main: main.PkgPath, Resync: own.Resync, DefaultResync: own.DefaultResync})
		if i == 0 {
			ev.Resync, ev.DefaultResync = own.Resync, own.DefaultResync
		} else {
			h := harsher(Evidence{Resync: ev.Resync, DefaultResync: ev.DefaultResync}, own)
			ev.Resync, ev.DefaultResync = h.Resync, h.DefaultResync
		}
		for p := range members {
			if prev, seen := ev.byPackage[p.PkgPath]; seen {
				own = harsher(prev, own)
			}
			ev.byPackage[p.PkgPath] = own
		}
	}
	return ev
}

// combined is the evidence of the parts of members (nil: of all parts).
func combined(parts map[*packages.Package]resyncPart, members map[*packages.Package]bool) Evidence {
	var ev Evidence
	var sync model.ManagerSync
	for p, part := range parts {
		if members != nil && !members[p] {
			continue
		}
		if part.off {
			// Some informers never resync (volcano: the manager's
			// factories resync 0, a test helper's 500 ms): which one
			// feeds a controller is not followed, so no period holds
			// for all of them.
			return Evidence{}
		}
		if r := part.resync; r > 0 && (ev.Resync == 0 || r < ev.Resync) {
			ev.Resync = r
		}
		sync.Merge(part.sync)
	}
	if ev.Resync == 0 {
		ev.Resync = sync.DefaultResync()
		ev.DefaultResync = ev.Resync > 0
	}
	return ev
}

// importClosure returns main and the loaded packages it imports, directly
// or not, found by ID among byID (an import may be a stub holding only
// its ID).
func importClosure(main *packages.Package, byID map[string]*packages.Package) map[*packages.Package]bool {
	seen := map[*packages.Package]bool{}
	stack := []*packages.Package{main}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if full := byID[p.ID]; full != nil {
			p = full
		}
		if seen[p] {
			continue
		}
		seen[p] = true
		for _, imp := range p.Imports {
			stack = append(stack, imp)
		}
	}
	return seen
}

// resyncParts returns what each loaded package that can set up a resync
// or build an informer contributes. A test variant is left out: its
// product files are its package's, and read there.
func resyncParts(pkgs []*packages.Package) map[*packages.Package]resyncPart {
	parts := map[*packages.Package]resyncPart{}
	// Functions that build a factory with the period their caller gives
	// (NewInformerFactories(..., 30*time.Second)), by the path of their
	// package.
	params := map[string]map[model.FuncID]int{}
	for _, p := range pkgs {
		if p.TypesInfo == nil || p.Types == nil || p.ID != p.PkgPath {
			continue
		}
		setsUp := canSetUpResync(p)
		if !setsUp && !canBuildInformer(p) {
			continue
		}
		files := productFiles(p)
		part := resyncPart{sync: model.ManagerSyncOf(p.TypesInfo, files)}
		if setsUp {
			part.resync = model.ProgramResync(p.TypesInfo, files)
			if ps := model.ResyncParams(p.TypesInfo, files); len(ps) > 0 {
				params[p.PkgPath] = ps
			}
		}
		parts[p] = part
	}
	for _, p := range pkgs {
		if p.TypesInfo == nil || p.Types == nil || p.ID != p.PkgPath {
			continue
		}
		part, had := parts[p]
		files := productFiles(p)
		var reached map[model.FuncID]int // the helpers p can call
		for path, ps := range params {
			if p.PkgPath == path || p.Imports[path] != nil {
				if r := model.ResyncArgs(p.TypesInfo, files, ps); r > 0 && (part.resync == 0 || r < part.resync) {
					part.resync = r
				}
				reached = mergedParams(reached, ps)
			}
		}
		part.off = (canSetUpResync(p) || reached != nil) && model.ResyncOff(p.TypesInfo, files, reached)
		if had || part.resync > 0 || part.off {
			parts[p] = part
		}
	}
	return parts
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
// variant's product files are its package's). resyncOf gives the default
// resync period of the programs that run a package, 0 when none is known.
func ProgramHealing(pkgs []*packages.Package, resyncOf func(path string) time.Duration) *model.ProgramHealing {
	reach := upstream.NewReach()
	var program []model.ProgramPackage
	for _, p := range pkgs {
		if p.TypesInfo == nil || p.Types == nil || p.ID != p.PkgPath || !reach.ReachesObjects(p.Types) {
			continue
		}
		program = append(program, model.ProgramPackage{Pkg: p.Types, Info: p.TypesInfo, Files: productFiles(p), Fset: p.Fset})
	}
	return model.NewProgramHealing(program, resyncOf)
}

// SeeWholeProgram gives opts what the loaded packages, the whole program,
// show: each package's resync period, that of the programs that run it,
// unless the user gave one, and the grader of lost writes by their
// callers. It returns what the programs say of their resync.
func SeeWholeProgram(opts *upstream.Options, pkgs []*packages.Package) Evidence {
	ev := ProgramEvidence(pkgs)
	resyncOf := func(string) time.Duration { return time.Duration(opts.Resync) }
	if opts.Resync == 0 {
		resyncOf = func(path string) time.Duration { return ev.For(path).Resync }
		opts.ResyncOf = resyncOf
	}
	opts.Program = ProgramHealing(pkgs, resyncOf)
	return ev
}
