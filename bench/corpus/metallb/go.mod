module github.com/conflictlint/conflictlint/bench/corpus/metallb

go 1.26.0

require (
	github.com/metallb/frr-k8s v0.0.21
	go.universe.tf/metallb v0.15.2
)
