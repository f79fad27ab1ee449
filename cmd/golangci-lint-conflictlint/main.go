// Command golangci-lint-conflictlint is golangci-lint with the conflictlint
// module plugin built in. It is what `golangci-lint custom` would produce
// from .custom-gcl.yml, built with plain `go build` from the module proxy
// instead of a clone of golangci-lint's repository:
//
//	go build -o golangci-lint-conflictlint ./cmd/golangci-lint-conflictlint  # from the module's directory
//	golangci-lint-conflictlint run -c .golangci-plugin.yml ./...
//
// It lives in its own module so that the conflictlint module does not
// depend on golangci-lint.
package main

import (
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/conflictlint/conflictlint" // registers the conflictlint plugin
)

const golangciModule = "github.com/golangci/golangci-lint/v2"

func main() {
	if err := commands.Execute(buildInfo()); err != nil {
		fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}

// buildInfo reports golangci-lint's own version (the dependency's, not this
// module's), so that `version` and the configuration version checks see
// the golangci-lint release this binary is built from.
func buildInfo() commands.BuildInfo {
	info := commands.BuildInfo{Version: "(devel)", Commit: "golangci-lint-conflictlint", Date: "(unknown)", GoVersion: "unknown"}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return info
	}
	info.GoVersion = bi.GoVersion
	for _, dep := range bi.Deps {
		if dep.Path == golangciModule {
			info.Version = strings.TrimPrefix(dep.Version, "v")
		}
	}
	return info
}
