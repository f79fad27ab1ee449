module github.com/conflictlint/conflictlint/bench/corpus/flux2

go 1.26.0

replace gopkg.in/yaml.v3 => gopkg.in/yaml.v3 v3.0.1

require github.com/fluxcd/flux2/v2 v2.9.5
