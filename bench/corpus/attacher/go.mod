module github.com/conflictlint/conflictlint/bench/corpus/attacher

go 1.26.0

require github.com/kubernetes-csi/external-attacher/v4 v4.13.0

replace k8s.io/api => k8s.io/api v0.37.0

replace k8s.io/apimachinery => k8s.io/apimachinery v0.37.0

replace k8s.io/client-go => k8s.io/client-go v0.37.0

replace k8s.io/component-base => k8s.io/component-base v0.37.0

replace k8s.io/csi-translation-lib => k8s.io/csi-translation-lib v0.37.0

replace k8s.io/apiserver => k8s.io/apiserver v0.37.0

replace k8s.io/kms => k8s.io/kms v0.37.0

replace k8s.io/streaming => k8s.io/streaming v0.37.0
