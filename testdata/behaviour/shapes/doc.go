// Package shapes holds one buggy function per fix shape of conflictlint,
// written the way a controller author writes them. Each file holds one
// shape; its name starts with the analyzer that reports it (unretried,
// stale, retry, lister) and goes on with the fix it gets.
//
// shapes_test.go runs every function against a client that enforces
// resourceVersion, with a concurrent writer injected between the read and
// the write. As committed, each function loses the change (or resends a
// stale object); after `conflictlint -fix`, run with
// CONFLICTLINT_BEHAVIOUR=fixed, each one applies it. cmd/conflictlint's
// TestFixesKeepMeaning does both on a copy of this module.
package shapes
