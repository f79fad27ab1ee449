package model

import (
	"github.com/conflictlint/conflictlint/analyzer/internal/wrap"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// Analyzer is the model with the default Options (no retry wrappers or
// read helpers named), wrapped as the suite's registry wraps its model. It
// is what the exported Analyzer of every check requires, for drivers that
// take analyzers one package at a time (Bazel's nogo, a unitchecker main);
// the registry builds its own model with New, bound to its Config.
var Analyzer = wrap.Helper(New(new(upstream.Options)), FailedResult, wrap.Options{})
