module github.com/conflictlint/conflictlint/bench/corpus/snapshotter

go 1.26.0

require github.com/kubernetes-csi/external-snapshotter/v8 v8.7.0

replace k8s.io/code-generator => k8s.io/code-generator v0.37.0

replace k8s.io/kms => k8s.io/kms v0.37.0

replace k8s.io/apiextensions-apiserver => k8s.io/apiextensions-apiserver v0.37.0

replace k8s.io/cli-runtime => k8s.io/cli-runtime v0.37.0

replace k8s.io/cloud-provider => k8s.io/cloud-provider v0.37.0

replace k8s.io/cluster-bootstrap => k8s.io/cluster-bootstrap v0.37.0

replace k8s.io/controller-manager => k8s.io/controller-manager v0.37.0

replace k8s.io/cri-api => k8s.io/cri-api v0.37.0

replace k8s.io/cri-client => k8s.io/cri-client v0.37.0

replace k8s.io/csi-translation-lib => k8s.io/csi-translation-lib v0.37.0

replace k8s.io/dynamic-resource-allocation => k8s.io/dynamic-resource-allocation v0.37.0

replace k8s.io/endpointslice => k8s.io/endpointslice v0.37.0

replace k8s.io/externaljwt => k8s.io/externaljwt v0.37.0

replace k8s.io/kube-aggregator => k8s.io/kube-aggregator v0.37.0

replace k8s.io/kube-controller-manager => k8s.io/kube-controller-manager v0.37.0

replace k8s.io/kube-proxy => k8s.io/kube-proxy v0.37.0

replace k8s.io/kube-scheduler => k8s.io/kube-scheduler v0.37.0

replace k8s.io/kubectl => k8s.io/kubectl v0.37.0

replace k8s.io/kubelet => k8s.io/kubelet v0.37.0

replace k8s.io/metrics => k8s.io/metrics v0.37.0

replace k8s.io/mount-utils => k8s.io/mount-utils v0.37.0

replace k8s.io/pod-security-admission => k8s.io/pod-security-admission v0.37.0

replace k8s.io/sample-apiserver => k8s.io/sample-apiserver v0.37.0

replace k8s.io/sample-cli-plugin => k8s.io/sample-cli-plugin v0.37.0

replace k8s.io/sample-controller => k8s.io/sample-controller v0.37.0
