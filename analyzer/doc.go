// Package analyzer holds the conflictlint suite: the registry of analyzers
// and the configuration shared by the command-line flags and the
// golangci-lint plugin settings.
package analyzer
