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
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer"
)

// parseFlags parses args into fs. The flag package would follow a bad
// value's error with the whole usage, burying it; here the error is one
// line that says what is accepted, and the usage is printed only for -h
// and -help. ok is false when the run must stop with status.
func parseFlags(fs *flag.FlagSet, args []string, suite []*analysis.Analyzer) (status int, ok bool) {
	out := fs.Output()
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.SetOutput(out)
	fs.Usage = func() { usage(fs, suite) }
	switch {
	case err == nil:
		return 0, true
	case errors.Is(err, flag.ErrHelp):
		usage(fs, suite)
		return exitClean, false
	}
	fmt.Fprintf(out, "%s: %s\n", progname(), flagError(err, suite))
	return exitUsage, false
}

var (
	undefinedFlag = regexp.MustCompile(`^flag provided but not defined: -(.*)$`)
	badBool       = regexp.MustCompile(`^invalid boolean value (".*") for -([^:]*):`)
	noArgument    = regexp.MustCompile(`^flag needs an argument: -(.*)$`)
)

// flagError rewrites an error of the flag package so that it says what is
// accepted: for an unknown flag, the analyzers or an analyzer's options
// when it looks like one of theirs; always, where -help lists the rest.
func flagError(err error, suite []*analysis.Analyzer) string {
	more := progname() + " -help lists the flags"
	msg := err.Error()
	if m := undefinedFlag.FindStringSubmatch(msg); m != nil {
		name := m[1]
		if a, opt, ok := strings.Cut(name, "."); ok {
			if an := analyzer.Lookup(suite, a); an != nil {
				return fmt.Sprintf("unknown flag -%s: %s has no option %q (%s); %s", name, a, opt, optionNames(an), more)
			}
		}
		return fmt.Sprintf("unknown flag -%s: it is no flag of %s, nor an analyzer's name (%s); %s", name, progname(), names(suite), more)
	}
	if m := badBool.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("-%s takes true or false, not %s", m[2], m[1])
	}
	if m := noArgument.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("-%s needs a value: -%s=VALUE; %s and what they take", m[1], m[1], more)
	}
	return msg + "; " + more
}

func names(suite []*analysis.Analyzer) string {
	var out []string
	for _, a := range suite {
		out = append(out, a.Name)
	}
	return strings.Join(out, ", ")
}

// optionNames lists the options of a, as flags.
func optionNames(a *analysis.Analyzer) string {
	var out []string
	a.Flags.VisitAll(func(f *flag.Flag) { out = append(out, "-"+a.Name+"."+f.Name) })
	if len(out) == 0 {
		return a.Name + " has no options"
	}
	return "it has " + strings.Join(out, ", ")
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
