package fate

import (
	"encoding/binary"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// pathState is what one path has done with the failure so far.
type pathState struct {
	carriers  []*types.Var   // variables holding the failure or a value built from it
	nonNil    []*types.Var   // error variables known to be non-nil
	set       []*types.Var   // boolean variables set to true on this path (requeue = true)
	unset     []*types.Var   // boolean variables set to false on this path
	counted   []*types.Var   // counters incremented after the error was tested (failures++)
	requeued  []*types.Var   // variables holding a reconcile.Result that asks for a requeue
	nilErrs   []*types.Var   // error variables known to be nil on this path
	nonEmpty  []*types.Var   // slices of errors known to hold a non-nil error (len(errs) > 0, append of one)
	best      Fate           // the best thing done with the failure so far
	testedIn  ast.Node       // the branch a test of the error sent the path into, while in it
	looped    bool           // the path went round the loop around the failing call
	conflict  bool           // the path took a branch that IsConflict decided: the author chose what a Conflict does
	pastGuard bool           // the path went past `if !IsConflict(err) {...}`: what follows is the code's answer to a Conflict, if it says one
	reread    bool           // the object was read again since the failure
	redefined bool           // the object variable now holds another object
	workSet   *ast.RangeStmt // the range over a map whose entry failed, while the map still holds it
	turnOver  bool           // the path has left the failing turn of workSet's loop
	consts    []varConst     // other results of the failing call, known constant on this path
	// pending is the entry of a pending set the failing turn was for,
	// while the set still holds it (see pending.go).
	pending         *pendingEntry
	pendingTurnOver bool         // the path has left pending's failing turn
	pendingPass     bool         // and then begun a new pass of a loop around it
	pendingLists    []*types.Var // lists the failing turn appended to
	passAgain       bool         // the path began a pass that its cleared flag repeats (see passagain.go)
	// undecided is the first test of the failure (or of another result of
	// the failing call) that the walk could not evaluate on a Conflict:
	// both branches were taken, so a loss on this path is not proven.
	undecided ast.Node
}

// varConst is a variable known to hold a constant.
type varConst struct {
	v   *types.Var
	val constant.Value
}

// constOf returns the constant v is known to hold on this path, or nil.
func (s pathState) constOf(v *types.Var) constant.Value {
	for _, c := range s.consts {
		if c.v == v {
			return c.val
		}
	}
	return nil
}

// key identifies the state for the path engine: two states with the same
// key are one path from there on. It is built with appends, not fmt: the
// walks compute one for every step.
func (s pathState) key() string {
	b := make([]byte, 0, 64)
	b = binary.AppendUvarint(b, uint64(s.best))
	b = binary.AppendUvarint(b, uint64(posOf(s.testedIn)))
	b = binary.AppendUvarint(b, uint64(posOf(s.undecided)))
	flags := [...]bool{s.looped, s.reread, s.redefined, s.conflict, s.pastGuard, s.workSet != nil, s.turnOver,
		s.pending != nil, s.pendingTurnOver, s.pendingPass, s.passAgain}
	var bits uint64
	for i, f := range flags {
		if f {
			bits |= 1 << i
		}
	}
	b = binary.AppendUvarint(b, bits)
	for _, set := range [...]struct {
		tag  byte
		vars []*types.Var
	}{
		{'c', s.carriers}, {'n', s.nonNil}, {'t', s.set}, {'k', s.counted},
		{'f', s.unset}, {'r', s.requeued}, {'z', s.nilErrs}, {'e', s.nonEmpty}, {'p', s.pendingLists},
	} {
		for _, v := range set.vars {
			b = append(b, set.tag)
			b = binary.AppendUvarint(b, uint64(v.Pos()))
		}
	}
	for _, c := range s.consts {
		val := c.val.ExactString()
		b = append(b, '=')
		b = binary.AppendUvarint(b, uint64(c.v.Pos()))
		b = binary.AppendUvarint(b, uint64(len(val)))
		b = append(b, val...)
	}
	return string(b)
}

// posOf is n's position, or none for nil.
func posOf(n ast.Node) token.Pos {
	if n == nil {
		return token.NoPos
	}
	return n.Pos()
}

func (s pathState) carries(v *types.Var) bool { return slices.Contains(s.carriers, v) }

func (s pathState) isNonNil(v *types.Var) bool {
	return slices.Contains(s.nonNil, v) || (s.carries(v) && upstream.IsErrorType(v.Type()))
}

func (s *pathState) improve(f Fate) { s.best = max(s.best, f) }

func (s pathState) requeues(v *types.Var) bool { return slices.Contains(s.requeued, v) }

// withVar returns vars with v added (sorted, no duplicates).
func withVar(vars []*types.Var, v *types.Var) []*types.Var {
	if slices.Contains(vars, v) {
		return vars
	}
	out := append(slices.Clip(vars), v)
	slices.SortFunc(out, func(a, b *types.Var) int { return int(a.Pos() - b.Pos()) })
	return out
}

// withoutVar returns vars without v.
func withoutVar(vars []*types.Var, v *types.Var) []*types.Var {
	i := slices.Index(vars, v)
	if i < 0 {
		return vars
	}
	return slices.Delete(slices.Clone(vars), i, i+1)
}
