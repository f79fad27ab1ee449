module github.com/conflictlint/conflictlint/bench/corpus/e2eframework

go 1.26.0

require sigs.k8s.io/e2e-framework v0.7.0
