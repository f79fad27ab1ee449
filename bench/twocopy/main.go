//go:build ignore

// Command twocopy loads the packages matching its arguments once and runs
// two copies of the suite over them, the base and the changed commit, with
// their module paths renamed (base.example/..., split.example/...) so that
// both link into one program. It prints each copy's findings as
// "copy<TAB>analyzer<TAB>position<TAB>message[<TAB>fix ...]" lines, sorted.
// Loading dominates a run, so comparing two commits this way costs about
// one run instead of two. With STRICT set in the environment, the checks
// with a mode run in strict mode; with COST=n, it prints instead what each
// suite's analysis costs in CPU time, over n alternating runs. bench/compare-commits.sh builds and runs
// it, with baseSuite and splitSuite, which build each copy's suite as
// cmd/conflictlint of that commit does; it is not part of the module
// (build tag ignore).
package main

import (
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"syscall"
	"time"

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
	for _, a := range baseSuite(pkgs) {
		copyOf[a] = "base"
		all = append(all, a)
	}
	for _, a := range splitSuite(pkgs) {
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
	if n, _ := strconv.Atoi(os.Getenv("COST")); n > 0 {
		compareCost(n, baseSuite(pkgs), splitSuite(pkgs), split.WithoutFactFreeImports(pkgs))
		return
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

// compareCost analyzes pkgs n times with each suite, the two alternating
// so that a slow stretch of the machine weighs on both, and prints each
// suite's least and median CPU time per run (COST=n in the environment).
func compareCost(n int, baseSuite, splitSuite []*analysis.Analyzer, pkgs []*packages.Package) {
	var times [2][]time.Duration
	for range n {
		for i, suite := range [][]*analysis.Analyzer{baseSuite, splitSuite} {
			before := cpuTime()
			if _, err := checker.Analyze(suite, pkgs, nil); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(2)
			}
			times[i] = append(times[i], cpuTime()-before)
		}
	}
	for i, name := range []string{"base", "split"} {
		slices.Sort(times[i])
		fmt.Printf("cost\t%s\tleast %.3f\tmedian %.3f\n", name, times[i][0].Seconds(), times[i][n/2].Seconds())
	}
}

// cpuTime returns the user and system time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
