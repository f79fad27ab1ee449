package model

// Release drops everything but Relevant. A Result holds its package's
// model and the inspectors of the files it needed cursors in, the largest
// thing the suite allocates, and the
// go/analysis checker keeps every action's result until all are done; a
// driver that analyzes a whole program in one process calls Release once
// every analyzer that uses the Result has finished with it. Analyzers
// never call it.
func (r *Result) Release() {
	r.graphsBuilt = r.GraphsBuilt()
	r.packageModel = &packageModel{}
}

// GraphsBuilt returns how many control-flow graphs the analyzers built for
// the package, before or after Release: one per function that contains a
// conflict-prone write and needed one. The corpus cost report (bench/)
// sets it beside the number of functions analyzed.
func (r *Result) GraphsBuilt() int {
	if r.tracer == nil {
		return r.graphsBuilt
	}
	return r.tracer.CFGsBuilt()
}
