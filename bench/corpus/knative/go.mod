module github.com/conflictlint/conflictlint/bench/corpus/knative

go 1.26.0

require knative.dev/serving v0.51.0
