module github.com/conflictlint/conflictlint/bench/corpus/cliutils

go 1.26.0

require sigs.k8s.io/cli-utils v0.37.2
