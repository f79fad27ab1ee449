// Package upstream is the model's knowledge of upstream Kubernetes code, kept
// apart from the logic that uses it: the tables of upstream symbols (every
// import path the model knows is in tables.go), the kinds of writes and
// cache reads, how an object expression is named (Object), the one way the
// model and the checks resolve and name a callee (Callee, CalleeVar,
// FuncValue, CalledBuiltin; FuncKeyOf, MethodKeyOf; IsCallTo), the shape
// predicates that need no package state, the options that name functions
// analysis cannot see into, and the Reach that tells packages which can
// reach the Kubernetes client APIs from those that cannot. It imports
// nothing of the project but the shared helpers of internal/.
package upstream
