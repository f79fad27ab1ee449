//go:build conflictlint_injectpanic

package analyzer

import (
	"os"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/guard"
)

// This file is built only by the end-to-end test of the guard
// (cmd/conflictlint/panic_e2e_test.go): the model panics, with a real
// runtime error, on the package named by CONFLICTLINT_INJECT_PANIC.
func init() {
	injectPanic = func(model *analysis.Analyzer) {
		target := os.Getenv("CONFLICTLINT_INJECT_PANIC")
		run := model.Run
		model.Run = func(pass *analysis.Pass) (any, error) {
			if target != "" && pass.Pkg.Path() == target && len(pass.Files) > 0 {
				defer guard.Locate(pass.Fset, pass.Files[0].Name.Pos())
				var counts map[string]int
				counts[pass.Pkg.Path()]++ // assignment to entry in nil map
			}
			return run(pass)
		}
	}
}
