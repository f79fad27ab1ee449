package unretriedupdate

import (
	"github.com/conflictlint/conflictlint/analyzer/directives"
	"github.com/conflictlint/conflictlint/analyzer/internal/wrap"
	"github.com/conflictlint/conflictlint/analyzer/model"
)

// Analyzer is unretriedupdate with its default configuration, wrapped as the
// suite's registry wraps its checks, for drivers that take analyzers one
// package at a time (Bazel's nogo, a unitchecker main). It requires the
// exported model (model.Analyzer) and directives analyzer
// (directives.Analyzer), so the Requires graph resolves in any driver. Its
// option is its own flag, as in the suite: -unretriedupdate.mode=strict
// under go vet, "analyzer_flags": {"mode": "strict"} in a nogo config.
var Analyzer = wrap.Check(New(model.Analyzer, directives.Analyzer), wrap.Options{})
