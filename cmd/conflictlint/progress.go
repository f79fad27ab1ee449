package main

import (
	"fmt"
	"io"
	"time"

	"github.com/conflictlint/conflictlint/analyzer"
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

// printResync says which resync grades the findings: each program's (a
// main package loaded), or the one of everything loaded.
func printResync(p *progress, ev analyzer.Evidence) {
	say := func(who string, resync time.Duration, byDefault bool) {
		switch {
		case byDefault:
			p.printf("%s: the manager resyncs every %s (controller-runtime's default: no SyncPeriod is set)", who, resync)
		case resync > 0:
			p.printf("%s: a resync every %s", who, resync)
		}
	}
	if len(ev.Programs) == 0 {
		say("the loaded packages", ev.Resync, ev.DefaultResync)
		return
	}
	for _, prog := range ev.Programs {
		say("program "+prog.Main, prog.Resync, prog.DefaultResync)
	}
}
