package staleupdate

import "github.com/conflictlint/conflictlint/analyzer/internal/truth"

// outcome is what a path knows about how the first write ended.
type outcome uint8

const (
	unknown outcome = iota
	failed
	succeeded
	// otherFailure: the write failed with an error known not to be a
	// Conflict (IsNotFound, a sentinel, a message no Conflict has): the
	// server kept the object as it was, so it is not stale.
	otherFailure
	// notConflict: the write succeeded or failed with another error than
	// a Conflict (the false branch of IsConflict(err)).
	notConflict
)

// refine narrows cur by what a branch implies; ok is false when the branch
// contradicts what the path already knows (the path is infeasible).
func refine(cur, implied outcome) (next outcome, ok bool) {
	switch {
	case implied == unknown || cur == implied:
		return cur, true
	case cur == unknown:
		return implied, true
	case cur == notConflict && implied == succeeded, cur == succeeded && implied == notConflict:
		return succeeded, true
	case isFailure(cur) && isFailure(implied):
		return otherFailure, true // a failure, and not a Conflict
	case (cur == notConflict || cur == otherFailure) && isFailure(implied),
		isFailure(cur) && (implied == notConflict || implied == otherFailure):
		return otherFailure, true
	}
	return cur, false
}

// isFailure reports whether o says the write failed.
func isFailure(o outcome) bool { return o == failed || o == otherFailure }

// stale reports whether a path that knows o may hold an object the first
// write left stale: not when it failed with another error than a Conflict,
// nor, for a write that refreshes its object in place, when it did not
// fail with one.
func stale(o outcome, refreshesInPlace bool) bool {
	switch o {
	case otherFailure:
		return false
	case succeeded, notConflict:
		return !refreshesInPlace
	}
	return true
}

// ending is a set of the ways the first write can have ended: the
// outcomes are the sets a path tells apart.
type ending uint8

const (
	conflicted  ending = 1 << iota // it failed with a Conflict
	wrote                          // it succeeded
	failedOther                    // it failed with another error
)

// endings are the ways the write can have ended, one by one.
var endings = []ending{conflicted, wrote, failedOther}

// endingsOf returns the ways of ending that o allows.
func endingsOf(o outcome) ending {
	switch o {
	case failed:
		return conflicted | failedOther
	case succeeded:
		return wrote
	case otherFailure:
		return failedOther
	case notConflict:
		return wrote | failedOther
	}
	return conflicted | wrote | failedOther
}

// outcome returns what a path that knows the write ended in one of e
// knows: a Conflict alone counts as a failure, and a set no outcome
// names (a Conflict or a success; none, a contradiction) as unknown.
func (e ending) outcome() outcome {
	switch e {
	case conflicted, conflicted | failedOther:
		return failed
	case wrote:
		return succeeded
	case failedOther:
		return otherFailure
	case wrote | failedOther:
		return notConflict
	}
	return unknown
}

// value is the value, when the write ended as e, of a leaf whose truth
// implies onTrue and whose falsity implies onFalse: true where its false
// branch cannot be taken, false where its true branch cannot.
func (e ending) value(onTrue, onFalse outcome) truth.Value {
	switch {
	case endingsOf(onFalse)&e == 0:
		return truth.True
	case endingsOf(onTrue)&e == 0:
		return truth.False
	}
	return truth.Unknown
}
