module github.com/conflictlint/conflictlint/bench/corpus/keda

go 1.26.0

require github.com/kedacore/keda/v2 v2.21.0

replace github.com/nexus-rpc/nexus-proto-annotations v0.1.0 => github.com/nexus-rpc/nexus-proto-annotations v0.1.1-0.20260629224316-835bd8d49cb4
