package upstream

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"
	"time"

	"github.com/conflictlint/conflictlint/analyzer/internal/consequence"
)

// Options name, by fully-qualified name, functions that analysis cannot
// see into: retry wrappers (their first func parameter runs inside a
// conflict retry) and read helpers (they re-read the objects they are
// given or return). Names are spelled as types.Func.FullName prints them:
// "example.com/pkg/kubeutil.Retry" or "(example.com/pkg.Store).Latest";
// a leading * on the receiver is optional.
//
// The model analyzer built by New reads its Options when it runs, so a
// driver may fill them (from flags or settings) after building it.
type Options struct {
	RetryWrappers NameList
	ReadHelpers   NameList
	// Consequences, when not empty, are the grades of lost Conflicts to
	// report (see package consequence); the others are not reported.
	Consequences consequence.Gate
	// Resync, when positive, is the default resync period of the
	// program's informers and manager cache, given by the user because
	// it is set up where a package's analysis cannot see it (in main,
	// under go vet and golangci-lint). It grades like a resync the
	// package sets up itself: only writes of owners that are resynced.
	Resync Duration
	// ResyncOf, set by a driver that loads the whole program when the
	// user gave no Resync, gives the default resync period of the
	// programs that run the package at path (the harshest of them), 0
	// when none is known.
	ResyncOf func(path string) time.Duration
	// CoveredVariant, set by a driver that analyzes packages both as
	// themselves and with their tests (see analyzer.CoveredTestVariants),
	// reports whether the test variant of a package adds nothing to the
	// run but its test files. nil (go vet and the like): none does.
	CoveredVariant func(path string) bool
	// Unimported, set by a driver that analyzes every unit of the run in
	// one process (see analyzer.UnimportedUnits), reports whether no
	// analyzed unit imports the unit with import path path, with test
	// files or without: its facts would reach nobody, so they are not
	// computed. nil (go vet and the like): any unit may have importers.
	Unimported func(path string, tests bool) bool
	// Program, set by a driver that loads the whole program (see
	// model.ProgramHealing), grades a write lost in fn from the program's
	// evidence: the callers of fn and how their controllers heal kind.
	// nil (go vet and the like): the package's evidence only.
	Program ProgramGrader
}

// ProgramGrader grades a lost write of kind (a package path and type name)
// made in fn on the whole program's evidence; onEvent is false when an
// event that runs fn may still skip the write.
type ProgramGrader interface {
	Grade(fn *types.Func, kind string, onEvent bool) consequence.Evidence
	// ManagerStopEndsProgram reports whether a controller-runtime manager
	// stopped by a runnable's error ends the program.
	ManagerStopEndsProgram() bool
	// CalledOnlyInPackage reports whether every call of fn in the program
	// is made in fn's own package, and nothing uses it as a value or
	// through an interface: the package's own view of its callers is then
	// the whole of them.
	CalledOnlyInPackage(fn *types.Func) bool
	// QueuedTick reports whether the program's own event loop (a tick
	// that queues every object, a worker that dispatches) runs the change
	// lost at the call at pos in fn again on each tick, and the period;
	// helper is the function called (nil for a write), handedKind whether
	// the call hands it an object of the kind it writes.
	QueuedTick(fn *types.Func, pos token.Position, helper *types.Func, handedKind bool) (time.Duration, bool)
}

// TestWriteReporter is implemented by a check's flag value that decides
// whether the check reports writes in _test.go files (unretriedupdate's
// mode): a suite asks it, through the analyzers' flags, whether its model
// must walk every test file.
type TestWriteReporter interface{ ReportsTestWrites() bool }

// NameList is a list of fully-qualified function names. As a flag.Value it
// reads a comma-separated list.
type NameList []string

func (l *NameList) String() string { return strings.Join(*l, ",") }

// Set parses a comma-separated list, checking each name's form.
func (l *NameList) Set(s string) error {
	*l = nil
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if err := checkFuncName(name); err != nil {
			return err
		}
		*l = append(*l, name)
	}
	return nil
}

// Validate checks the form of every name in l.
func (l NameList) Validate() error {
	for _, name := range l {
		if err := checkFuncName(name); err != nil {
			return err
		}
	}
	return nil
}

// checkFuncName accepts "pkg/path.Func" and "(pkg/path.Type).Method".
func checkFuncName(name string) error {
	if strings.Contains(name, ",") {
		return fmt.Errorf("%q holds a comma: give one function per list entry", name)
	}
	bad := fmt.Errorf("%q is not a fully-qualified function name: want pkg/path.Func or (pkg/path.Type).Method", name)
	if strings.HasPrefix(name, "(") {
		recv, method, ok := strings.Cut(name[1:], ").")
		if !ok || method == "" || !strings.Contains(recv, ".") {
			return bad
		}
		return nil
	}
	dot := strings.LastIndex(name, ".")
	if dot <= 0 || dot == len(name)-1 || strings.ContainsAny(name, "() ") {
		return bad
	}
	return nil
}

// Has reports whether fn is in the list.
func (l NameList) Has(fn *types.Func) bool {
	if len(l) == 0 {
		return false
	}
	full := strings.Replace(fn.FullName(), "(*", "(", 1)
	for _, name := range l {
		if strings.Replace(name, "(*", "(", 1) == full {
			return true
		}
	}
	return false
}

// Duration is a period given as a flag or setting ("10h", "30m"): a
// positive time.Duration, or 0 for none.
type Duration time.Duration

func (d *Duration) String() string {
	if *d == 0 {
		return ""
	}
	return time.Duration(*d).String()
}

// Set parses a Go duration, refusing a negative one.
func (d *Duration) Set(s string) error {
	if s == "" || s == "0" {
		*d = 0
		return nil
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("%q is not a duration: want a number with a unit, such as 10h or 30m", s)
	}
	if v < 0 {
		return fmt.Errorf("%q is negative: want a period, such as 10h", s)
	}
	*d = Duration(v)
	return nil
}
