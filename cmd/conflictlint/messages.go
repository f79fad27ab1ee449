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
