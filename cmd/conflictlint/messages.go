package main

// What the driver says when something is wrong with the command line or
// the packages: one line per problem, in the words of the tool that found
// it, and not the same error again for every analyzer or test variant.

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"golang.org/x/tools/go/packages"
)

// parseFlags parses args into fs. The flag package would follow a bad
// value's error with the whole usage, burying it; here the error is one
// line, and the usage is printed only for -h. ok is false when the run
// must stop with status.
func parseFlags(fs *flag.FlagSet, args []string) (status int, ok bool) {
	out := fs.Output()
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.SetOutput(out)
	fs.Usage = func() { usage(fs) }
	switch {
	case err == nil:
		return 0, true
	case errors.Is(err, flag.ErrHelp):
		usage(fs)
		return exitClean, false
	}
	fmt.Fprintf(out, "%s: %v (%s -h lists the flags)\n", progname(), err, progname())
	return exitUsage, false
}

// loadErrors lists the errors of pkgs and their dependencies, each once.
// A package that does not type-check is reported by go list too (the
// compiler's output, when export data is built) and again by the type
// checker; the type checker's errors are positioned, so they win. Test
// variants repeat their package's errors, which are dropped as duplicates.
func loadErrors(pkgs []*packages.Package) []string {
	var out []string
	seen := make(map[string]bool)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		positioned := false
		for _, e := range p.Errors {
			positioned = positioned || e.Kind != packages.ListError
		}
		for _, e := range p.Errors {
			if positioned && e.Kind == packages.ListError {
				continue
			}
			if msg := e.Error(); !seen[msg] {
				seen[msg] = true
				out = append(out, msg)
			}
		}
	})
	return out
}

// noPackages explains why patterns matched nothing in go's own words
// (`go.mod file not found ...`), asking go list, which go/packages does
// not pass on.
func noPackages(patterns []string) error {
	var stderr bytes.Buffer
	cmd := exec.Command("go", append([]string{"list", "-find", "--"}, patterns...)...)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return errors.New(msg)
		}
	}
	return fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
}

// isTerminal reports whether w is a terminal, where progress is shown
// without -v.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
