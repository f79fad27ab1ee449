// Command exported is a vet tool built from the exported Analyzer values
// of conflictlint's analyzer packages alone, the way Bazel's nogo builds
// its binary from the packages in its deps: no registry, no Config. The
// end-to-end test TestExportedVet runs it under go vet -vettool and checks
// that it reports what the suite reports.
package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/conflictlint/conflictlint/analyzer/ignoredirective"
	"github.com/conflictlint/conflictlint/analyzer/listermutation"
	"github.com/conflictlint/conflictlint/analyzer/retryreget"
	"github.com/conflictlint/conflictlint/analyzer/staleupdate"
	"github.com/conflictlint/conflictlint/analyzer/unretriedupdate"
)

func main() {
	unitchecker.Main(
		unretriedupdate.Analyzer,
		staleupdate.Analyzer,
		retryreget.Analyzer,
		listermutation.Analyzer,
		ignoredirective.Analyzer,
	)
}
