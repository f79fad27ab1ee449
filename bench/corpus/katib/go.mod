module github.com/conflictlint/conflictlint/bench/corpus/katib

go 1.26.0

require github.com/kubeflow/katib v0.19.0
