module github.com/conflictlint/conflictlint/bench/corpus/helm

go 1.26.0

require helm.sh/helm/v3 v3.22.0
