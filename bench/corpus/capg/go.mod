module github.com/conflictlint/conflictlint/bench/corpus/capg

go 1.26.0

require sigs.k8s.io/cluster-api-provider-gcp v1.13.1
