module github.com/conflictlint/conflictlint/bench/corpus/metallb

go 1.26.0

require go.universe.tf/metallb v0.16.2

replace github.com/metallb/frr-k8s => github.com/metallb/frr-k8s v0.0.21
