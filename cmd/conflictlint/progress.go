package main

import (
	"fmt"
	"io"
	"time"
)

// progress tells a waiting user what the run is doing: loading and
// type-checking a large module takes minutes, during which the tool would
// otherwise say nothing. It writes to standard error when that is a
// terminal or -v is set, so logs and pipes stay quiet by default.
type progress struct {
	w     io.Writer // nil: silent
	start time.Time
}

func newProgress(verbose bool, stderr io.Writer) *progress {
	p := &progress{start: time.Now()}
	if verbose || isTerminal(stderr) {
		p.w = stderr
	}
	return p
}

func (p *progress) printf(format string, args ...any) {
	if p.w != nil {
		fmt.Fprintf(p.w, "%s: %s (%v)\n", progname(), fmt.Sprintf(format, args...), time.Since(p.start).Round(time.Millisecond))
	}
}
