module github.com/conflictlint/conflictlint/bench/corpus/trainer

go 1.26.0

require github.com/kubeflow/trainer/v2 v2.0.0
