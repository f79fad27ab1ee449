// Package analyzer holds the conflictlint suite: the registry of analyzers
// (checks, in suite.go), the one Config behind the command-line flags and
// the golangci-lint plugin settings, and FreeingModels for drivers that
// analyze a whole program in one process.
//
// # Layering
//
// Imports go down these floors only (TestLayering checks it):
//
//  1. drivers: cmd/conflictlint (standalone, go vet -vettool, go fix
//     -fixtool), the golangci-lint plugin (plugin.go), bench/cmd. They
//     build the suite from a Config and decide what runs.
//  2. suite: this package. Config.Analyzers wires every check to one model
//     analyzer and one directives analyzer; Config.Select is the only
//     place that enables and disables checks.
//  3. checks: analyzer/<name>, one package per analyzer, each with a New
//     constructor taking the model and directives analyzers it requires.
//     A check's options are its own flags, bound to a config in the
//     analyzer's closure; no check imports another.
//  4. model: analyzer/kube, the helper analyzer that reports nothing and
//     answers, once per package, what the checks ask: the conflict-prone
//     writes, the reads, the retry scopes, where a write's error goes, and
//     how a controller-runtime object is re-read. Every upstream import
//     path and table is in kube/tables.go.
//  5. shared: analyzer/internal/..., generic helpers that import nothing
//     else of the project: diag (diagnostics and the directives analyzer),
//     fixes (the edit kit every fix is built with), syntax, docs.
//
// No package-level variable is read by an analyzer: configuration lives
// in the analyzers built for it, and the model's results are handed over
// through pass.ResultOf.
package analyzer
