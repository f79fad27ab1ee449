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
	"github.com/conflictlint/conflictlint/analyzer/kube"
)

func main() {
	// -version is ours; -V=full stays the vet handshake that multichecker
	// answers, so both can be asked.
	if len(os.Args) == 2 && (os.Args[1] == "-version" || os.Args[1] == "--version") {
		fmt.Println("conflictlint", version())
		return
	}
	registerModelFlags(flag.CommandLine)
	multichecker.Main(analyzer.Suite...)
}

// registerModelFlags binds the options every analyzer shares (the model's)
// to flags. They are on the command line rather than on one analyzer, and
// vet's -flags handshake lists them, so go vet accepts them too.
func registerModelFlags(fs *flag.FlagSet) {
	fs.Var(&kube.Config.RetryWrappers, "retry-wrappers",
		"comma-separated functions, by full name (pkg/path.Func or (pkg/path.Type).Method), that run their first func argument in a conflict retry")
	fs.Var(&kube.Config.ReadHelpers, "read-helpers",
		"comma-separated functions, by full name, that re-read the objects they are given or return")
}

// version is the module version the binary was built from, or "(devel)".
func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
