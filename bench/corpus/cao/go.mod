module github.com/conflictlint/conflictlint/bench/corpus/cao

go 1.26.0

replace k8s.io/autoscaler/cluster-autoscaler/apis => k8s.io/autoscaler/cluster-autoscaler/apis v0.0.0-20250124163921-a221e41f4be0

require (
	github.com/openshift/cluster-autoscaler-operator v0.0.1-0.20260608074635-5c8643284941
	github.com/openshift/machine-api-operator v0.2.1-0.20260226113419-88465550a74b
)
