module github.com/conflictlint/conflictlint/bench/corpus/mao

go 1.26.0

require github.com/openshift/machine-api-operator v0.2.1-0.20260226113419-88465550a74b
