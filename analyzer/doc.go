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
//     constructor taking the model and directives analyzers it requires,
//     and an exported Analyzer built by New from the exported helpers
//     (model.Analyzer, directives.Analyzer) for drivers that take
//     analyzers one package at a time (Bazel's nogo, a unitchecker main).
//     A check's options are its own flags, bound to a config in the
//     analyzer's closure; no check imports another.
//  4. fix and message support: analyzer/repair (how a re-read is
//     inserted, which statements are plain changes, which check owns the
//     fix of a write several report, why no fix is offered). Only checks
//     import it.
//  5. result-only analyzers that report nothing, neither importing the
//     other: the model, analyzer/model, which answers once per package what
//     the checks ask (the conflict-prone writes, the reads, the retry
//     scopes, the returners, which writes cannot conflict, facts across
//     packages), built in named stages (build.go, build); and
//     analyzer/directives, which exports the directives analyzer (a public
//     package, so that drivers outside the module can name it).
//  6. the model's parts, neither importing the other: analyzer/model/fate,
//     where a write's failure goes on every path, asking the model through
//     its Model interface; analyzer/model/cache, the informer-cache view.
//  7. upstream knowledge: analyzer/upstream, the tables of upstream
//     symbols (every import path the model knows is in its tables.go),
//     options, Reach (which packages can reach the client APIs), object and
//     callee naming.
//  8. shared: analyzer/internal/..., generic helpers that import nothing
//     else of the project: diag (diagnostics and the directives analyzer),
//     fixes (the edit kit every fix is built with), syntax (cursors,
//     identifiers, loops), typeinfo (type information that may have
//     holes, and the one callee resolver, which upstream.Callee wraps for the
//     floors above), truth (the one three-valued evaluator of conditions,
//     whose leaves each check judges), docs, and wrap, which hardens every
//     analyzer (fix check, panic guard) the same way for the registry and
//     for the exported Analyzer values.
//
// No package-level variable is read by an analyzer: configuration lives
// in the analyzers built for it, and the model's results are handed over
// through pass.ResultOf.
package analyzer
