module github.com/conflictlint/conflictlint/bench/corpus/resizer

go 1.26.0

require github.com/kubernetes-csi/external-resizer/v2 v2.3.0
