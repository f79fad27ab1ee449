package listermutation

import (
	"github.com/conflictlint/conflictlint/analyzer/directives"
	"github.com/conflictlint/conflictlint/analyzer/internal/wrap"
	"github.com/conflictlint/conflictlint/analyzer/model"
)

// Analyzer is listermutation with its default configuration, wrapped as the
// suite's registry wraps its checks, for drivers that take analyzers one
// package at a time (Bazel's nogo, a unitchecker main). It requires the
// exported model (model.Analyzer) and directives analyzer
// (directives.Analyzer), so the Requires graph resolves in any driver.
var Analyzer = wrap.Check(New(model.Analyzer, directives.Analyzer), wrap.Options{})
