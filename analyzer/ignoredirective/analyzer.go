package ignoredirective

import (
	"github.com/conflictlint/conflictlint/analyzer/directives"
	"github.com/conflictlint/conflictlint/analyzer/internal/wrap"
)

// Analyzer is ignoredirective, wrapped as the suite's registry wraps its
// checks, for drivers that take analyzers one package at a time (Bazel's
// nogo, a unitchecker main). As in the suite, it requires the directives
// analyzer (the exported one, directives.Analyzer) and not the model.
var Analyzer = wrap.Check(New(nil, directives.Analyzer), wrap.Options{})
