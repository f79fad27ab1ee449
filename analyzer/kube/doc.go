// Package kube is a helper analyzer that reports nothing. It finds, once per
// package, what the code does with the Kubernetes API: the conflict-prone
// writes (calls that send an object with its resourceVersion and can fail
// with 409 Conflict), the reads that refresh an object, the retry scopes that
// run a function again on Conflict, and the IsConflict checks. Every
// conflictlint analyzer requires it and works from its Result.
//
// The Result is built in named stages (see build in kube.go), each reading
// only what the stages before it finished. Its parts live below it: the
// upstream tables and naming in kube/api, the fate of a failure in
// kube/fate (which asks the model through fate.Queries), the informer-cache
// view in kube/cache; fix and message support lives above it, in
// kube/repair, which only the checks import.
//
// Callees are identified by resolved types.Func identity (and, for typed
// client-go clients, by method shape), never by spelling alone, so embedded
// clients, wrappers, fakes and generated clientsets all resolve.
package kube
