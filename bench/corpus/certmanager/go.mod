module github.com/conflictlint/conflictlint/bench/corpus/certmanager

go 1.26.0

require github.com/cert-manager/cert-manager v1.21.2
