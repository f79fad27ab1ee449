// Command conflictlint runs the conflictlint analyzers: standalone
// (conflictlint ./..., reporting as text, -json, SARIF or GitHub
// annotations, with a baseline; or applying fixes with -fix and -diff), as
// a vet tool (go vet -vettool=$(which conflictlint) ./...) and as a fix
// tool (go fix -fixtool=$(which conflictlint) ./...).
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/conflictlint/conflictlint/analyzer"
)

func main() {
	args := os.Args[1:]
	// -version is ours; -V=full stays the vet handshake that multichecker
	// answers, so both can be asked.
	if len(args) == 1 && (args[0] == "-version" || args[0] == "--version") {
		fmt.Println("conflictlint", version())
		return
	}
	xtools := func() {
		// The x/tools driver registers -NAME and -NAME.OPTION itself, and
		// selects the analyzers from them.
		var config analyzer.Config
		suite := config.Analyzers()
		config.RegisterModelFlags(flag.CommandLine)
		multichecker.Main(suite...)
	}
	if delegated(args) {
		xtools()
		return
	}
	help := func(names []string) {
		os.Args = append([]string{os.Args[0], "help"}, names...)
		xtools()
	}
	defer crashed()
	os.Exit(standalone(args, os.Stdout, os.Stderr, help))
}

// crashed turns a panic into exit status 1 (an error), so that it is not
// mistaken for the usage status 2 that the Go runtime would give it.
func crashed() {
	if r := recover(); r != nil {
		fmt.Fprintf(os.Stderr, "conflictlint: internal error: %v\n%s", r, debug.Stack())
		os.Exit(exitError)
	}
}

// delegated reports whether args ask for something the x/tools driver does
// and ours does not: the go vet and go fix protocols (-V, -flags, a .cfg
// file) and its debugging flags. Applying fixes, or showing them as a
// diff, is ours, so that it can say what it did.
func delegated(args []string) bool {
	if len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		return true
	}
	for _, a := range args {
		if a == "--" || !strings.HasPrefix(a, "-") {
			break
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch name {
		case "V", "flags", "c", "debug", "cpuprofile", "memprofile", "trace":
			return true
		}
	}
	return false
}

// version is the module version the binary was built from, or "(devel)".
func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
