module github.com/conflictlint/conflictlint/bench/corpus/flux

go 1.26.0

require (
	github.com/fluxcd/kustomize-controller v1.9.6
	github.com/fluxcd/source-controller v1.9.6
)

require (
	github.com/fluxcd/kustomize-controller/api v1.9.6 // indirect
	github.com/fluxcd/source-controller/api v1.9.6 // indirect
)

replace github.com/opencontainers/go-digest => github.com/opencontainers/go-digest v1.0.1-0.20220411205349-bde1400a84be

replace gopkg.in/yaml.v3 => gopkg.in/yaml.v3 v3.0.1

replace sigs.k8s.io/kustomize/api => sigs.k8s.io/kustomize/api v0.21.1

replace sigs.k8s.io/kustomize/kyaml => sigs.k8s.io/kustomize/kyaml v0.21.1
