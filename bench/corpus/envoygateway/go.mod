module github.com/conflictlint/conflictlint/bench/corpus/envoygateway

go 1.26.7

require github.com/envoyproxy/gateway v1.9.1
