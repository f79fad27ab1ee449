// Package malformed holds directives whose form ignoredirective checks.
package malformed

func f() {
	//conflictlint:ignore unretriedupdate the caller resyncs // ok: well formed

	//conflictlint:ignore // want `conflictlint:ignore directive names no analyzer`

	//conflictlint:ignore unretriedupdate // want `conflictlint:ignore directive for unretriedupdate has no reason`

	//conflictlint:ignore unretriedupdat typo // want `conflictlint:ignore directive names unknown analyzer "unretriedupdat", so it hides nothing: known analyzers are `

	//conflictlint:ignore unretriedupdate,,ignoredirective double comma // want `conflictlint:ignore directive has an empty analyzer name`

	//conflictlint:ignore staleness no known name is a typo away // want `names unknown analyzer "staleness"`

	//conflictlint:ignoreunretriedupdate not a directive at all // ok: the prefix must be followed by a space
}
