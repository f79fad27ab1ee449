// Package ignoredirective defines an Analyzer that checks the form of
// //conflictlint:ignore suppression comments.
//
// # Analyzer ignoredirective
//
// ignoredirective: report malformed conflictlint:ignore directives
//
// A finding of a conflictlint analyzer is hidden by a comment on its line,
// or on the line above:
//
//	//conflictlint:ignore unretriedupdate the object is owned by this controller alone
//
// The comment names one or more analyzers, separated by commas without
// spaces, and then says why the finding does not apply. This analyzer
// reports a directive that names no analyzer, names an analyzer that does
// not exist (a typo would otherwise silently hide nothing), or gives no
// reason. Such a directive hides nothing.
//
// A well-formed directive that hides no finding is reported by the
// analyzer it names, so that stale directives do not pile up.
//
// A directive without a reason, for example, is reported as
//
//	conflictlint:ignore directive for unretriedupdate has no reason, so it hides nothing: add why the finding does not apply after the analyzer names
//
// Before:
//
//	//conflictlint:ignore unretriedupdat
//	_ = c.Update(ctx, &cm)
//
// After:
//
//	//conflictlint:ignore unretriedupdate the caller retries the whole sync
//	_ = c.Update(ctx, &cm)
//
// How suppression works in every driver is described in
// https://github.com/conflictlint/conflictlint#suppressing-a-finding.
//
// # Fixes
//
// When the names are the only trouble, a suggested fix respells them: an
// empty entry (a doubled comma) is dropped, and a name at most two edits
// from exactly one analyzer (and nearer to it than to any other) becomes
// that analyzer:
//
//	// before
//	//conflictlint:ignore unretriedupdat,,staleupdate the caller requeues
//	// after
//	//conflictlint:ignore unretriedupdate,staleupdate the caller requeues
//
// A directive without a reason, or with a name that is no clear typo, gets
// no fix: what it should say is for its author to decide.
package ignoredirective
