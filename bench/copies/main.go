//go:build ignore

// Command copies loads the packages matching its arguments once and runs
// several copies of the suite over them, one per commit, with their module
// paths renamed (c<commit>.example/...) so that all link into one program.
// It prints each copy's findings as
// "copy<TAB>analyzer<TAB>position<TAB>message[<TAB>fix ...]" lines, sorted.
// Loading dominates a run, so comparing commits this way costs about one
// load however many copies there are; the copies run one after another, so
// memory holds one copy's facts at a time. With STRICT set in the
// environment, the checks with a mode run in strict mode; with COST=n and
// two copies, it prints instead what each suite's analysis costs in CPU
// time, over n alternating runs. bench/compare-commits.sh builds and runs
// it with a generated file that lists the copies (each suite built as
// cmd/conflictlint of its commit builds it) and prepares the packages with
// the newest copy; it is not part of the module (build tag ignore).
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
)

// suiteCopy is one commit's suite, named for the output's first column.
type suiteCopy struct {
	name  string
	suite func([]*packages.Package) []*analysis.Analyzer
}

func main() {
	mode := packages.LoadSyntax | packages.NeedModule
	pkgs, err := packages.Load(&packages.Config{Mode: mode, Tests: true}, os.Args[1:]...)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	nerr := 0
	packages.Visit(pkgs, nil, func(p *packages.Package) { nerr += len(p.Errors) })
	fmt.Fprintf(os.Stderr, "copies: %d roots, %d load errors\n", len(pkgs), nerr)
	suites := make([][]*analysis.Analyzer, len(copies))
	for i, c := range copies {
		suites[i] = c.suite(pkgs)
		if os.Getenv("STRICT") != "" {
			strict(suites[i])
		}
	}
	prepared := prepare(pkgs)
	if n, _ := strconv.Atoi(os.Getenv("COST")); n > 0 {
		if len(suites) != 2 {
			fmt.Fprintln(os.Stderr, "COST compares exactly two copies")
			os.Exit(2)
		}
		compareCost(n, suites, prepared)
		return
	}
	var lines []string
	for i, c := range copies {
		lines = append(lines, findings(c.name, suites[i], prepared)...)
	}
	sort.Strings(lines)
	for _, l := range lines {
		fmt.Println(l)
	}
}

// strict sets the checks with a mode to strict mode, which also prints the
// failures whose fate is unknown: more findings for a refactor to keep
// identical.
func strict(suite []*analysis.Analyzer) {
	for _, a := range suite {
		if a.Flags.Lookup("mode") != nil {
			if err := a.Flags.Set("mode", "strict"); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(2)
			}
		}
	}
}

// findings analyzes pkgs with one copy's suite and returns its lines, each
// once (a finding of a package and of its test variant prints alike).
func findings(name string, suite []*analysis.Analyzer, pkgs []*packages.Package) []string {
	graph, err := checker.Analyze(suite, pkgs, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var lines []string
	seen := map[string]bool{}
	for act := range graph.All() {
		if !act.IsRoot || !slices.Contains(suite, act.Analyzer) {
			continue
		}
		if act.Err != nil {
			lines = append(lines, fmt.Sprintf("%s\t%s\terror\t%s: %v", name, act.Analyzer.Name, act.Package.ID, act.Err))
		}
		for _, d := range act.Diagnostics {
			l := fmt.Sprintf("%s\t%s\t%s\t%s", name, act.Analyzer.Name, act.Package.Fset.Position(d.Pos), d.Message)
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
	return lines
}

// compareCost analyzes pkgs n times with each of two suites, the two
// alternating so that a slow stretch of the machine weighs on both, and
// prints each suite's least and median CPU time per run (COST=n in the
// environment).
func compareCost(n int, suites [][]*analysis.Analyzer, pkgs []*packages.Package) {
	var times [2][]time.Duration
	for range n {
		for i, suite := range suites {
			before := cpuTime()
			if _, err := checker.Analyze(suite, pkgs, nil); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(2)
			}
			times[i] = append(times[i], cpuTime()-before)
		}
	}
	for i, c := range copies[:2] {
		slices.Sort(times[i])
		fmt.Printf("cost\t%s\tleast %.3f\tmedian %.3f\n", c.name, times[i][0].Seconds(), times[i][n/2].Seconds())
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
