module github.com/conflictlint/conflictlint/bench/corpus/whereabouts

go 1.26.0

replace github.com/gogo/protobuf => github.com/gogo/protobuf v1.3.2

require github.com/k8snetworkplumbingwg/whereabouts v0.9.2
