module github.com/conflictlint/conflictlint/bench/corpus/promoperator

go 1.26.0

require github.com/prometheus-operator/prometheus-operator v0.85.0

require (
	github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring v0.85.0 // indirect
	github.com/prometheus-operator/prometheus-operator/pkg/client v0.85.0 // indirect
)
