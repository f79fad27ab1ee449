// Command corpusstats runs the conflictlint suite over package patterns
// and writes, as JSON, what the corpus evaluation needs beyond the findings
// the real binary prints: every finding with a position that names the
// module version, analysis errors, each analyzer's own time, how many
// functions exist against how many got a control-flow graph or SSA, and
// what packages that never use the Kubernetes API cost.
//
// It is run by bench/corpus.sh from inside a corpus module:
//
//	corpusstats -o stats.json github.com/fluxcd/kustomize-controller/...
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/packages"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/analyzer/model"
)

// functionsOf counts the functions with a body (declarations and
// literals) of pkg. It runs after the analysis, so that no timed run
// pays for it.
func functionsOf(pkg *packages.Package) int {
	n := 0
	for _, f := range pkg.Syntax {
		ast.Inspect(f, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.FuncDecl:
				if x.Body != nil {
					n++
				}
			case *ast.FuncLit:
				n++
			}
			return true
		})
	}
	return n
}

// Finding is one diagnostic, its position relative to the module cache
// (module@version/path:line:col).
type Finding struct {
	Analyzer string   `json:"analyzer"`
	Posn     string   `json:"posn"`
	Message  string   `json:"message"`
	Related  []string `json:"related,omitempty"`
	Fixes    int      `json:"fixes"`
}

// Cost is the analyzers' share of one group of packages.
type Cost struct {
	Units     int `json:"units"` // packages analyzed (test variants count apart)
	Functions int `json:"functions"`
	// Seconds is each analyzer's time, summed over its actions, in a run
	// that executes one action at a time (checker.Options.Sequential): in
	// the checker's default mode every ready action runs at once, and on
	// two cores their times overlap and count the wait for a core.
	Seconds map[string]float64 `json:"seconds"`
}

// Report is the JSON written by -o.
type Report struct {
	Patterns      []string `json:"patterns"`
	Packages      int      `json:"packages"` // distinct import paths
	LoadErrors    []string `json:"load_errors"`
	ActionErrors  []string `json:"action_errors"`
	Relevant      Cost     `json:"relevant"`       // root packages that use the Kubernetes API (kube models them)
	RelevantTests Cost     `json:"relevant_tests"` // the part of Relevant that is test variants ("p [p.test]", "p_test [p.test]")
	Irrelevant    Cost     `json:"irrelevant"`     // root packages that do not
	Dependencies  Cost     `json:"dependencies"`   // non-root packages analyzed (none when they come from export data)
	GraphsBuilt   int64    `json:"graphs_built"`
	SSAFunctions  int      `json:"ssa_functions"`
	LoadSeconds   float64  `json:"load_seconds"`
	AnalyzeSecond float64  `json:"analyze_seconds"` // wall time of the last run, one action at a time
	// AnalyzeCPU is the CPU time (user and system, the whole process) of
	// the analysis: the least of the -repeat runs, or the one run without
	// -repeat. The whole program's grader is built before it (ProgramCPU),
	// as the standalone command builds it once.
	AnalyzeCPU float64 `json:"analyze_cpu_seconds"`
	// ProgramCPU is the CPU time of the whole program's evidence pass: the
	// programs' resync (analyzer.SeeWholeProgram), which every standalone
	// run pays, and the grader (model.ProgramHealing), which a run pays
	// once when some write is graded by it.
	ProgramCPU   float64 `json:"program_cpu_seconds"`
	AnalyzeBytes uint64  `json:"analyze_alloc_bytes,omitempty"` // allocated by one -repeat run
	// Costliest names the root units whose analysis took longest in the
	// last run, with their seconds, so a cost hunt knows where to look.
	Costliest []UnitCost `json:"costliest"`
	Findings  []Finding  `json:"findings"`
}

// UnitCost is one root unit's analysis time, all analyzers together.
type UnitCost struct {
	Unit    string  `json:"unit"`
	Seconds float64 `json:"seconds"`
}

// costliestShown bounds Report.Costliest.
const costliestShown = 25

func main() {
	out := flag.String("o", "", "write the JSON report to this `file` (default stdout)")
	tests := flag.Bool("test", true, "analyze test files too")
	fixCheck := flag.Bool("fixcheck", true, "type-check each suggested fix before offering it (false: to measure what that costs)")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the whole program's pass and the analysis (every run, -repeat included; not the load) to this `file`")
	memprofile := flag.String("memprofile", "", "write a heap profile taken after the analysis to this `file`")
	repeat := flag.Int("repeat", 0, "analyze this many more times, first, and report the least CPU time of those runs (the steady figure to compare commits by)")
	flag.Parse()
	prof = profiles{cpu: *cpuprofile, mem: *memprofile}
	rep, err := run(flag.Args(), *tests, *fixCheck, *repeat)
	if err != nil {
		fmt.Fprintln(os.Stderr, "corpusstats:", err)
		os.Exit(1)
	}
	data, _ := json.MarshalIndent(rep, "", "  ")
	if *out == "" {
		os.Stdout.Write(append(data, '\n'))
	} else if err := os.WriteFile(*out, append(data, '\n'), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "corpusstats:", err)
		os.Exit(1)
	}
	if len(rep.LoadErrors)+len(rep.ActionErrors) > 0 {
		os.Exit(1)
	}
}

func run(patterns []string, tests, fixCheck bool, repeat int) (*Report, error) {
	rep := &Report{Patterns: patterns}
	// kube is listed as a root so that the checker keeps its result, which
	// tells relevant packages apart.
	var config analyzer.Config
	if !fixCheck {
		config.DisableFixCheck()
	}
	suite := config.Analyzers()
	analyzers := append([]*analysis.Analyzer{modelOf(suite)}, suite...)
	if prof.cpu != "" {
		labelled(analyzers)
	}
	// Load as cmd/conflictlint does: dependencies from export data, so
	// facts flow only between the packages analyzed.
	cfg := &packages.Config{Mode: packages.LoadSyntax | packages.NeedModule, Tests: tests}
	t0 := time.Now()
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	rep.LoadSeconds = time.Since(t0).Seconds()
	config.Model.CoveredVariant = analyzer.CoveredTestVariants(pkgs) // as cmd/conflictlint
	config.Model.Unimported = analyzer.UnimportedUnits(pkgs)
	// The CPU profile covers the program's pass (once) and every run of the
	// analysis, the -repeat ones too, so that a small module gives enough
	// samples to read.
	// The units analyzed, as cmd/conflictlint does: no test mains, no
	// dependency that leads to no package with syntax.
	units := analyzer.WithoutFactFreeImports(analyzer.WithoutTestMains(pkgs))
	stop, err := prof.start()
	if err != nil {
		return nil, err
	}
	// The program's evidence and grader are built now, so that their cost
	// is counted apart and no action's time holds the wait for them.
	before := cpuTime()
	analyzer.SeeWholeProgram(&config.Model, pkgs)
	if program, ok := config.Model.Program.(*model.ProgramHealing); ok {
		program.Prepare()
	}
	rep.ProgramCPU = (cpuTime() - before).Seconds()
	paths := map[string]bool{}
	for _, p := range pkgs {
		paths[p.PkgPath] = true
		for _, e := range p.Errors {
			rep.LoadErrors = append(rep.LoadErrors, fmt.Sprintf("%s: %v", p.ID, e))
		}
	}
	rep.Packages = len(paths)

	if rep.AnalyzeCPU, rep.AnalyzeBytes, err = leastCPU(repeat, func() error {
		_, err := checker.Analyze(analyzer.FreeingModels(analyzers), units, nil)
		return err
	}); err != nil {
		return nil, err
	}
	t0, cpu0 := time.Now(), cpuTime()
	// Free each model after its last consumer, and leave out the
	// dependencies that carry no fact, as cmd/conflictlint does; Relevant
	// survives that. One action at a time, so that each action's time is
	// its own (see Cost.Seconds).
	graph, err := checker.Analyze(analyzer.FreeingModels(analyzers), units, &checker.Options{Sequential: true})
	if err != nil {
		return nil, err
	}
	rep.AnalyzeSecond = time.Since(t0).Seconds()
	if repeat == 0 {
		rep.AnalyzeCPU = (cpuTime() - cpu0).Seconds()
	}
	if err := stop(); err != nil {
		return nil, err
	}
	rep.Relevant.Seconds = map[string]float64{}
	rep.RelevantTests.Seconds = map[string]float64{}
	rep.Irrelevant.Seconds = map[string]float64{}
	rep.Dependencies.Seconds = map[string]float64{}

	// Group the actions by package to tell relevant packages apart.
	byPkg := map[*packages.Package][]*checker.Action{}
	for act := range graph.All() {
		byPkg[act.Package] = append(byPkg[act.Package], act)
	}
	seen := map[string]bool{}
	for pkg, acts := range byPkg {
		relevant, root := false, false
		funcs := functionsOf(pkg)
		for _, act := range acts {
			root = root || act.IsRoot
			switch r := act.Result.(type) {
			case *model.Result:
				relevant = r != nil && r.Relevant()
				if r != nil {
					rep.GraphsBuilt += int64(r.GraphsBuilt())
				}
			case *buildssa.SSA:
				rep.SSAFunctions += len(r.SrcFuncs)
			}
		}
		cost := &rep.Irrelevant
		switch {
		case !root:
			cost = &rep.Dependencies
		case relevant:
			cost = &rep.Relevant
		}
		costs := []*Cost{cost}
		if cost == &rep.Relevant && strings.Contains(pkg.ID, " [") {
			costs = append(costs, &rep.RelevantTests)
		}
		if root {
			rep.Costliest = append(rep.Costliest, UnitCost{Unit: pkg.ID, Seconds: analysisSeconds(acts)})
		}
		for _, c := range costs {
			c.Units++
			c.Functions += funcs
			for _, act := range acts {
				c.Seconds[act.Analyzer.Name] += act.Duration.Seconds()
			}
		}
		for _, act := range acts {
			if act.Err != nil && act.IsRoot {
				rep.ActionErrors = append(rep.ActionErrors, fmt.Sprintf("%s: %s: %v", pkg.ID, act.Analyzer.Name, act.Err))
			}
			if !act.IsRoot {
				continue
			}
			for _, d := range act.Diagnostics {
				if d.Category == analyzer.InternalError { // a panic: an error, not a finding
					rep.ActionErrors = append(rep.ActionErrors, fmt.Sprintf("%s: %s: %s", pkg.ID, act.Analyzer.Name, d.Message))
					continue
				}
				f := finding(pkg.Fset, act.Analyzer.Name, d)
				key := f.Analyzer + f.Posn + f.Message
				if !seen[key] {
					seen[key] = true
					rep.Findings = append(rep.Findings, f)
				}
			}
		}
	}
	sort.Slice(rep.Findings, func(i, j int) bool { return rep.Findings[i].Posn < rep.Findings[j].Posn })
	sort.Slice(rep.Costliest, func(i, j int) bool { return rep.Costliest[i].Seconds > rep.Costliest[j].Seconds })
	rep.Costliest = rep.Costliest[:min(len(rep.Costliest), costliestShown)]
	sort.Strings(rep.ActionErrors)
	sort.Strings(rep.LoadErrors)
	return rep, nil
}

// analysisSeconds sums a unit's analysis time.
func analysisSeconds(acts []*checker.Action) float64 {
	var s float64
	for _, act := range acts {
		s += act.Duration.Seconds()
	}
	return s
}

func finding(fset *token.FileSet, name string, d analysis.Diagnostic) Finding {
	f := Finding{Analyzer: name, Posn: position(fset, d.Pos), Message: d.Message, Fixes: len(d.SuggestedFixes)}
	if d.Category != "" && d.Category != name {
		f.Analyzer = name + "/" + d.Category
	}
	for _, r := range d.Related {
		f.Related = append(f.Related, position(fset, r.Pos)+": "+r.Message)
	}
	return f
}

// position prints pos relative to the module cache, so that it names the
// module version and does not depend on the machine.
func position(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	name := filepath.ToSlash(p.Filename)
	if cache := modCache(); cache != "" {
		name = strings.TrimPrefix(name, filepath.ToSlash(cache)+"/")
	}
	return fmt.Sprintf("%s:%d:%d", name, p.Line, p.Column)
}

var modCacheDir *string

func modCache() string {
	if modCacheDir == nil {
		dir := os.Getenv("GOMODCACHE")
		if dir == "" {
			dir = filepath.Join(os.Getenv("HOME"), "go", "pkg", "mod")
			if gp := os.Getenv("GOPATH"); gp != "" {
				dir = filepath.Join(strings.Split(gp, string(os.PathListSeparator))[0], "pkg", "mod")
			}
		}
		modCacheDir = &dir
	}
	return *modCacheDir
}

// modelOf returns the model analyzer the suite's checks share.
func modelOf(suite []*analysis.Analyzer) *analysis.Analyzer {
	for _, a := range suite {
		for _, req := range a.Requires {
			if req.ResultType == reflect.TypeFor[*model.Result]() {
				return req
			}
		}
	}
	panic("no analyzer of the suite requires the kube model")
}
