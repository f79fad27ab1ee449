module github.com/conflictlint/conflictlint/bench/corpus/descheduler

go 1.26.0

require sigs.k8s.io/descheduler v0.36.0

replace k8s.io/kube-openapi => k8s.io/kube-openapi v0.0.0-20260512234627-ef417d054102
