package model

import (
	"fmt"
	"time"

	"golang.org/x/tools/go/analysis"
)

// Facts carry, across package boundaries, what a function of the analyzed
// program does with the Kubernetes API. They are tiny, exported only for
// exported functions and methods of the package being analyzed, and never
// computed for upstream packages (whose behaviour is in upstream's tables).

// RetriesFact: the function runs its func parameter Param inside a conflict
// retry, so a literal passed there is a retry scope. Conditional: it
// retries only the failures its predicate parameter Pred holds for
// (`Retry(fn, IsNotFoundOrConflict)`), so only a call whose predicate
// holds on a Conflict makes a retry scope.
type RetriesFact struct {
	Param       int
	Pred        int
	Conditional bool
}

// ReturnsConflictFact: the function returns the Conflict error of a
// conflict-prone write it makes; Param is the index of the parameter that
// holds the written object, or -1; AsGiven is the index of the parameter
// whose object (or whose elements) the write sends with no resourceVersion
// but the one it came with, or -1.
// Guard+1 is the bool parameter the writes need (0: none), which must hold
// When; NotConflict+1 the error parameter they need not to be a Conflict.
type ReturnsConflictFact struct {
	Param, AsGiven int
	Guard          int
	When           bool
	NotConflict    int
	Write          string // the write at the chain's end: "Update of obj at pkgpath/file.go:12"
}

// FreshBuildFact: every return of the function builds its result Result
// (an object, or a slice of them) anew, without a resourceVersion.
type FreshBuildFact struct{ Result int }

func (*FreshBuildFact) AFact()           {}
func (f *FreshBuildFact) String() string { return fmt.Sprintf("freshBuild(result %d)", f.Result) }

// KeepsVersionFact: nothing the function does gives its object parameters
// Params a resourceVersion (a create helper that drops the stored copy, a
// wait or a comparison that only reads them).
type KeepsVersionFact struct{ Params []int }

func (*KeepsVersionFact) AFact()           {}
func (f *KeepsVersionFact) String() string { return fmt.Sprintf("keepsVersion(params %v)", f.Params) }

// ReadsFact: the function re-reads an object: it returns a freshly read
// object as result Result (or -1), or refreshes the object passed as
// parameter Param in place (or -1).
type ReadsFact struct{ Param, Result int }

// EndsFact: the function never returns; its calls fail the test (Test) or
// end the program. An e2e framework's Failf is the common one.
type EndsFact struct{ Test bool }

func (*EndsFact) AFact() {}
func (f *EndsFact) String() string {
	if f.Test {
		return "ends(test)"
	}
	return "ends(program)"
}

// NeverNilErrorFact: every return of the function returns a non-nil error
// (an error constructor), so returning its result hands a failure on.
type NeverNilErrorFact struct{}

func (*NeverNilErrorFact) AFact()         {}
func (*NeverNilErrorFact) String() string { return "neverNilError" }

// PassesOnErrorFact: the function returns its error parameter Param, or
// an error that cannot be nil while it is not (span.HandleError(err,
// span)), so returning its result hands a non-nil error on.
type PassesOnErrorFact struct{ Param int }

// KeepsErrorTextFact: the function, without results, keeps its error
// parameter Param only as text (a warnings collection's Add that appends
// err.Error()): a failure given to it is recorded, never retried.
type KeepsErrorTextFact struct{ Param int }

func (*KeepsErrorTextFact) AFact()           {}
func (f *KeepsErrorTextFact) String() string { return fmt.Sprintf("keepsErrorText(%d)", f.Param) }

func (*PassesOnErrorFact) AFact()           {}
func (f *PassesOnErrorFact) String() string { return fmt.Sprintf("passesOnError(%d)", f.Param) }

// ConflictTestFact: the function takes an error as parameter Param and
// answers a bool; on a Conflict it answers Holds (isRetryable(err) holds,
// ErrorAlreadyExists(err) does not).
type ConflictTestFact struct {
	Param      int
	Holds      bool
	IsConflict bool // apierrors.IsConflict under another name
}

func (*ConflictTestFact) AFact() {}
func (f *ConflictTestFact) String() string {
	if f.IsConflict {
		return fmt.Sprintf("conflictTest(param %d, holds %t, IsConflict)", f.Param, f.Holds)
	}
	return fmt.Sprintf("conflictTest(param %d, holds %t)", f.Param, f.Holds)
}

// RequeueResultFact: every return of the function gives a
// reconcile.Result that asks for a requeue (Requeues), or one that asks
// for nothing, with a nil error (!Requeues).
type RequeueResultFact struct{ Requeues bool }

func (*RequeueResultFact) AFact() {}
func (f *RequeueResultFact) String() string {
	if f.Requeues {
		return "result(requeues)"
	}
	return "result(quiet)"
}

// ResyncFact: calling the function sets up a periodic resync of Period
// nanoseconds (it builds an informer factory, or a manager's cache
// options, with that constant period).
type ResyncFact struct{ Period int64 }

func (*ResyncFact) AFact()           {}
func (f *ResyncFact) String() string { return fmt.Sprintf("resync(%s)", time.Duration(f.Period)) }

// InformerKindFact: the field holds a client-go informer of Kind (package
// path and type name), set where its package stores a typed informer's
// Informer() in it.
type InformerKindFact struct{ Kind string }

func (*InformerKindFact) AFact()           {}
func (f *InformerKindFact) String() string { return "informer(" + f.Kind + ")" }

// WatchesFact: the method is a watch wrapper (see watchwrappers.go):
// a call registers a watch of the kind of its argument Object, through
// the handler at Handler, filtered by predicates given from Predicates on
// (-1: none) or, when Filtered, always.
type WatchesFact struct {
	Object, Handler, Predicates int
	Filtered                    bool
}

func (*WatchesFact) AFact() {}
func (f *WatchesFact) String() string {
	return fmt.Sprintf("watches(object %d, handler %d, predicates %d, filtered %t)", f.Object, f.Handler, f.Predicates, f.Filtered)
}

// SignalsFact: the field is a channel that its struct's OnUpdate method
// sends a signal into (see channelwatch.go).
type SignalsFact struct{}

func (*SignalsFact) AFact()         {}
func (*SignalsFact) String() string { return "signals" }

// SignalChannelFact: the function's result Result is a channel that gets a
// signal on every change of an object of one of Kinds (package path and
// type name), see channelwatch.go.
type SignalChannelFact struct {
	Result int
	Kinds  []string
}

func (*SignalChannelFact) AFact() {}
func (f *SignalChannelFact) String() string {
	return fmt.Sprintf("signalChannel(result %d, %v)", f.Result, f.Kinds)
}

func (*RetriesFact) AFact()         {}
func (*ReturnsConflictFact) AFact() {}
func (*ReadsFact) AFact()           {}

func (f *RetriesFact) String() string {
	if f.Conditional {
		return fmt.Sprintf("retries(param %d, when param %d holds)", f.Param, f.Pred)
	}
	return fmt.Sprintf("retries(param %d)", f.Param)
}
func (f *ReturnsConflictFact) String() string {
	out := fmt.Sprintf("returnsConflict(param %d, as given %d)", f.Param, f.AsGiven)
	if f.Guard > 0 {
		out = fmt.Sprintf("returnsConflict(param %d, as given %d, needs param %d %t)", f.Param, f.AsGiven, f.Guard-1, f.When)
	}
	if f.NotConflict > 0 {
		out += fmt.Sprintf(" unless param %d is a conflict", f.NotConflict-1)
	}
	return out
}
func (f *ReadsFact) String() string {
	return fmt.Sprintf("reads(param %d, result %d)", f.Param, f.Result)
}

// SilentWriteFact: the function writes the objects of parameters Params
// (in order), or of its receiver's Fields, and loses those writes'
// failures (logs or drops them): after a Conflict there, the caller's
// object is stale and the caller cannot know. NotConflict-1 is the error
// parameter the writes of Params need not to be a Conflict (0: none).
type SilentWriteFact struct {
	Params      []int
	Fields      []string
	NotConflict int
}

func (*SilentWriteFact) AFact() {}
func (f *SilentWriteFact) String() string {
	var out string
	switch len(f.Params) {
	case 0:
	case 1:
		out = fmt.Sprintf("silentWrite(param %d)", f.Params[0])
	default:
		out = fmt.Sprintf("silentWrite(params %v)", f.Params)
	}
	if len(f.Fields) > 0 {
		out += fmt.Sprintf("silentWrite(fields %v)", f.Fields)
	}
	if f.NotConflict > 0 {
		out += fmt.Sprintf(" unless param %d is a conflict", f.NotConflict-1)
	}
	return out
}

var factTypes = []analysis.Fact{new(SilentWriteFact), new(RetriesFact), new(ReturnsConflictFact), new(ReadsFact), new(NeverNilErrorFact), new(PassesOnErrorFact), new(KeepsErrorTextFact), new(FreshBuildFact), new(EndsFact), new(ConflictTestFact), new(RequeueResultFact), new(KeepsVersionFact), new(ResyncFact), new(InformerKindFact), new(WatchesFact), new(SignalsFact), new(SignalChannelFact)}
