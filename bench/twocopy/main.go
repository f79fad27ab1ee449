//go:build ignore

// Command twocopy loads the packages matching its arguments once and runs
// two copies of the suite over them, the base and the changed commit, with
// their module paths renamed (base.example/..., split.example/...) so that
// both link into one program. It prints each copy's findings as
// "copy<TAB>analyzer<TAB>position<TAB>message[<TAB>fix ...]" lines, sorted.
// Loading dominates a run, so comparing two commits this way costs about
// one run instead of two. With STRICT set in the environment, the checks
// with a mode run in strict mode. bench/compare-commits.sh builds and runs
// it; it is not part of the module (build tag ignore).
package main

import (
	"fmt"
	"os"
	"sort"

	base "base.example/conflictlint/analyzer"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	split "split.example/conflictlint/analyzer"
)

func main() {
	mode := packages.LoadSyntax | packages.NeedModule
	pkgs, err := packages.Load(&packages.Config{Mode: mode, Tests: true}, os.Args[1:]...)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	nerr := 0
	packages.Visit(pkgs, nil, func(p *packages.Package) { nerr += len(p.Errors) })
	fmt.Fprintf(os.Stderr, "twocopy: %d roots, %d load errors\n", len(pkgs), nerr)
	copyOf := map[*analysis.Analyzer]string{}
	var all []*analysis.Analyzer
	for _, a := range base.FreeingModels(base.Default()) {
		copyOf[a] = "base"
		all = append(all, a)
	}
	for _, a := range split.FreeingModels(split.Default()) {
		copyOf[a] = "split"
		all = append(all, a)
	}
	if os.Getenv("STRICT") != "" {
		// Strict mode also prints the failures whose fate is unknown: more
		// findings for a refactor to keep identical.
		for _, a := range all {
			if a.Flags.Lookup("mode") != nil {
				if err := a.Flags.Set("mode", "strict"); err != nil {
					fmt.Fprintln(os.Stderr, err)
					os.Exit(2)
				}
			}
		}
	}
	graph, err := checker.Analyze(all, split.WithoutFactFreeImports(pkgs), nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var lines []string
	seen := map[string]bool{}
	for act := range graph.All() {
		c, ok := copyOf[act.Analyzer]
		if !ok || !act.IsRoot {
			continue
		}
		if act.Err != nil {
			lines = append(lines, fmt.Sprintf("%s\t%s\terror\t%s: %v", c, act.Analyzer.Name, act.Package.ID, act.Err))
		}
		for _, d := range act.Diagnostics {
			l := fmt.Sprintf("%s\t%s\t%s\t%s", c, act.Analyzer.Name, act.Package.Fset.Position(d.Pos), d.Message)
			for _, f := range d.SuggestedFixes {
				l += fmt.Sprintf("\tfix %q", f.Message)
				for _, e := range f.TextEdits {
					l += fmt.Sprintf(" [%d,%d %q]", act.Package.Fset.Position(e.Pos).Offset, act.Package.Fset.Position(e.End).Offset, e.NewText)
				}
			}
			if !seen[l] {
				seen[l] = true
				lines = append(lines, l)
			}
		}
	}
	sort.Strings(lines)
	for _, l := range lines {
		fmt.Println(l)
	}
}
