module github.com/conflictlint/conflictlint/bench/corpus/clusterapi

go 1.26.0

require (
	sigs.k8s.io/cluster-api v1.14.2
	sigs.k8s.io/cluster-api/api v1.14.2
)

replace sigs.k8s.io/cluster-api/api => sigs.k8s.io/cluster-api/api v1.14.2
