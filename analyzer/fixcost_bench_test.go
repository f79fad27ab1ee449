package analyzer_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/conflictlint/conflictlint/analyzer"
)

// fixScenarios are the scenario packages that have .golden files: every
// finding with a fix the suite's tests know of.
var fixScenarios = []string{
	"ignoredirective/malformed", "listermutation/fixes", "listermutation/handlers", "listermutation/more",
	"retryreget/crclient", "retryreget/hidden", "retryreget/hiddenhelpers", "retryreget/named",
	"retryreget/paramfix", "retryreget/typed", "retryreget/wiped", "staleupdate/crclient",
	"staleupdate/dynamic", "staleupdate/helpers", "staleupdate/typed", "suppress/unretried",
	"unretriedupdate/crclient", "unretriedupdate/createorupdate", "unretriedupdate/paramfix",
	"unretriedupdate/returnfix", "unretriedupdate/wrapfix",
}

// BenchmarkFixCheck measures what type-checking each suggested fix before
// offering it adds to the analysis of the packages that have fixes (the
// worst case: elsewhere there is nothing to check). Loading is done once,
// outside the measured loop.
//
//	go test ./analyzer -run '^$' -bench FixCheck -count 6 | benchstat -col /check -
func BenchmarkFixCheck(b *testing.B) {
	td, err := filepath.Abs("../testdata")
	if err != nil {
		b.Fatal(err)
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  filepath.Join(td, "src"),
		Env:  append(os.Environ(), "GOPATH="+td, "GO111MODULE=off", "GOFLAGS=", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, fixScenarios...)
	if err != nil {
		b.Fatal(err)
	}
	for _, check := range []bool{false, true} {
		name := "check=off"
		if check {
			name = "check=on"
		}
		b.Run(name, func(b *testing.B) {
			fixes := 0
			for b.Loop() {
				var config analyzer.Config
				if !check {
					config.DisableFixCheck()
				}
				graph, err := checker.Analyze(config.Analyzers(), pkgs, nil)
				if err != nil {
					b.Fatal(err)
				}
				fixes = countFixes(graph)
			}
			b.ReportMetric(float64(fixes), "fixes/op")
		})
	}
}

func countFixes(graph *checker.Graph) int {
	n := 0
	for act := range graph.All() {
		if act.IsRoot {
			for _, d := range act.Diagnostics {
				n += len(d.SuggestedFixes)
			}
		}
	}
	return n
}
