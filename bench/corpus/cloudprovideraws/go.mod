module github.com/conflictlint/conflictlint/bench/corpus/cloudprovideraws

go 1.26.0

replace github.com/google/cel-go => github.com/cel-expr/cel-go v0.31.0

require k8s.io/cloud-provider-aws v1.37.1
