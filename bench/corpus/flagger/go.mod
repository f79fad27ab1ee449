module github.com/conflictlint/conflictlint/bench/corpus/flagger

go 1.26.0

require github.com/fluxcd/flagger v1.36.1
