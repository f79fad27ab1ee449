// Package guard keeps a failure of one analyzer on one package from ending
// a run. A panic inside an analyzer's Run is recovered and reported as a
// diagnostic on the package (category Category), and the Run returns a
// fallback result: the analyzers that require it skip that package, and
// every other package, importers included, is analyzed as usual.
//
// Why a diagnostic and not the Run's error: an error stops more than the
// package. The go/analysis drivers skip every action that depends on a
// failed one, so the importers of the package would lose their facts and
// go unanalyzed, and golangci-lint ends the run of every linter on any
// Run error. A diagnostic reaches the user through every host (go vet
// prints it and exits 1); the standalone command turns it back into an
// error for the package and analyzer.
//
// The registry wraps every analyzer of the suite once (Wrap); analyzers
// only say where they are working, by deferring Locate in their loops over
// functions or writes, so that the report names a position.
package guard

import (
	"bytes"
	"fmt"
	"go/token"
	"reflect"
	"runtime/debug"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Category is the category of the diagnostic that reports a panic. A
// driver that keeps errors apart from findings (the standalone command)
// takes these diagnostics for errors.
const Category = "internal error"

// Panic is a panic recovered from an analyzer's Run.
type Panic struct {
	Analyzer string
	Value    any
	// Pos is where the analyzer was working when it panicked, from the
	// innermost Locate; invalid when no Locate was deferred.
	Pos token.Position
	// Stack is the panicking goroutine's stack, taken where the panic was
	// first recovered.
	Stack []byte
}

func (p *Panic) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "internal error: %s panicked", p.Analyzer)
	if p.Pos.IsValid() {
		fmt.Fprintf(&b, " at %s", p.Pos)
	}
	fmt.Fprintf(&b, ": %v", p.Value)
	if f := p.Frame(); f != "" {
		fmt.Fprintf(&b, " (in %s)", f)
	}
	b.WriteString("; this package was not fully analyzed, please report it")
	return b.String()
}

// Frame returns the function that panicked, the first frame of Stack
// below the runtime's own, or "".
func (p *Panic) Frame() string {
	lines := bytes.Split(p.Stack, []byte("\n"))
	afterPanic := false
	for _, l := range lines {
		s := string(l)
		if strings.HasPrefix(s, "panic(") || strings.HasPrefix(s, "runtime.panic") || strings.HasPrefix(s, "runtime.sigpanic") {
			afterPanic = true
			continue
		}
		if afterPanic && s != "" && !strings.HasPrefix(s, "\t") && !strings.HasPrefix(s, "runtime.") {
			if i := strings.LastIndex(s, "("); i > 0 {
				s = s[:i]
			}
			return s
		}
	}
	return ""
}

// located carries a panic up from the innermost Locate to the wrapper.
type located struct {
	value any
	pos   token.Position
	stack []byte
}

// Locate, deferred, adds the position pos to a panic that passes through:
//
//	defer guard.Locate(pass.Fset, decl.Pos())
//
// The innermost Locate wins. Without a panic it costs a deferred call.
func Locate(fset *token.FileSet, pos token.Pos) {
	r := recover()
	if r == nil {
		return
	}
	if _, ok := r.(located); ok {
		panic(r)
	}
	l := located{value: r, stack: debug.Stack()}
	if fset != nil && pos.IsValid() {
		l.pos = fset.Position(pos)
	}
	panic(l)
}

// Failed is the result of an analyzer that panicked on the package, when
// its fallback says so. Drivers show only the diagnostics of the analyzers
// they were asked to run (go vet, golangci-lint), not of those analyzers'
// prerequisites, so each wrapped analyzer reports its prerequisites'
// failures as its own.
type Failed interface {
	Failure() error
}

// Wrap makes a's Run report a panic (see the package doc) and hand it to
// observe, when not nil, which may print its stack. fallback returns the
// result that the analyzers requiring a see for a package a failed on,
// given the panic; nil stands for the zero value of a's ResultType
// (drivers check the result's type even then). Wrap changes a in place,
// since other analyzers require it by pointer.
func Wrap(a *analysis.Analyzer, fallback func(*Panic) any, observe func(*Panic)) {
	run := a.Run
	a.Run = func(pass *analysis.Pass) (result any, err error) {
		reportFailedPrerequisites(a, pass)
		defer func() {
			r := recover()
			if r == nil {
				return
			}
			p := newPanic(a.Name, r)
			report(pass, p)
			if observe != nil {
				observe(p)
			}
			result, err = zeroResult(a), nil
			if fallback != nil {
				result = fallback(p)
			}
		}()
		return run(pass)
	}
}

func newPanic(analyzer string, r any) *Panic {
	if l, ok := r.(located); ok {
		return &Panic{Analyzer: analyzer, Value: l.value, Pos: l.pos, Stack: l.stack}
	}
	return &Panic{Analyzer: analyzer, Value: r, Stack: debug.Stack()}
}

// reportFailedPrerequisites reports the panics of the analyzers a requires
// whose results say they failed on the package.
func reportFailedPrerequisites(a *analysis.Analyzer, pass *analysis.Pass) {
	for _, req := range a.Requires {
		if f, ok := pass.ResultOf[req].(Failed); ok && f.Failure() != nil {
			report(pass, f.Failure())
		}
	}
}

// report puts err on the package clause of the package's first file.
func report(pass *analysis.Pass, err error) {
	if len(pass.Files) == 0 {
		return
	}
	pass.Report(analysis.Diagnostic{Pos: pass.Files[0].Package, Category: Category, Message: err.Error()})
}

func zeroResult(a *analysis.Analyzer) any {
	if a.ResultType == nil {
		return nil
	}
	return reflect.Zero(a.ResultType).Interface()
}
