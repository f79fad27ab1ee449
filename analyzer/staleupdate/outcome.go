package staleupdate

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

// both is what is known when two facts hold together.
func both(x, y outcome) outcome {
	if o, ok := refine(x, y); ok {
		return o
	}
	return unknown // contradictory: leave the path alone
}

// either is what is known when one of two facts holds.
func either(x, y outcome) outcome {
	switch {
	case x == y:
		return x
	case isFailure(x) && isFailure(y):
		return failed
	case x != unknown && x != failed && y != unknown && y != failed:
		return notConflict // each is a success or a failure that is no Conflict
	}
	return unknown
}
