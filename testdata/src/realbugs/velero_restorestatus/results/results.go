// Package results is velero's pkg/util/results, reduced: the messages a
// restore gathers, kept as text.
package results

// Result is a collection of messages generated during a restore (pkg/util/results).
type Result struct {
	Velero     []string
	Cluster    []string
	Namespaces map[string][]string
}

// Add appends an error to the result, cluster-scoped or for namespace ns.
func (r *Result) Add(ns string, e error) {
	if ns == "" {
		r.Cluster = append(r.Cluster, e.Error())
		return
	}
	if r.Namespaces == nil {
		r.Namespaces = make(map[string][]string)
	}
	r.Namespaces[ns] = append(r.Namespaces[ns], e.Error())
}
