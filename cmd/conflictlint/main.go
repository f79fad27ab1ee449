// Command conflictlint runs the conflictlint analyzers: standalone
// (conflictlint ./..., with -json, -fix and -diff), as a vet tool
// (go vet -vettool=$(which conflictlint) ./...) and as a fix tool
// (go fix -fixtool=$(which conflictlint) ./...).
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/debug"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/conflictlint/conflictlint/analyzer"
)

func main() {
	// -version is ours; -V=full stays the vet handshake that multichecker
	// answers, so both can be asked.
	if len(os.Args) == 2 && (os.Args[1] == "-version" || os.Args[1] == "--version") {
		fmt.Println("conflictlint", version())
		return
	}
	analyzer.RegisterFlags(flag.CommandLine)
	multichecker.Main(analyzer.Suite...)
}

// version is the module version the binary was built from, or "(devel)".
func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
