package analyzer

import "github.com/conflictlint/conflictlint/analyzer/kube"

// GraphsBuilt returns how many control-flow graphs the suite's analyzers
// have built in this process so far: one per function that contains a
// conflict-prone write and needed one. The corpus cost report (bench/)
// sets it beside the number of functions analyzed.
func GraphsBuilt() int64 { return kube.GraphsBuilt() }
