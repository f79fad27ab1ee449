module github.com/conflictlint/conflictlint/bench/corpus/chainsaw

go 1.26.0

require github.com/kyverno/chainsaw v0.2.12
