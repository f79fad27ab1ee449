// Package model is the model of a package's Kubernetes API use: a helper
// analyzer (named kube, the name drivers such as nogo list) that reports
// nothing. It finds, once per package, what the code does with the
// Kubernetes API: the conflict-prone writes (calls that send an object
// with its resourceVersion and can fail with 409 Conflict), the reads that
// refresh an object, the retry scopes that run a function again on
// Conflict, and the IsConflict checks. Every
// conflictlint analyzer requires it and works from its Result.
//
// The Result is built in named stages (see build in build.go), each reading
// only what the stages before it finished. Its parts live below it: the
// upstream tables and naming in analyzer/upstream, the fate of a failure in
// model/fate (which asks the model through fate.Queries), the informer-cache
// view in model/cache; fix and message support lives above it, in
// analyzer/repair, which only the checks import.
//
// Callees are identified by resolved types.Func identity (and, for typed
// client-go clients, by method shape), never by spelling alone, so embedded
// clients, wrappers, fakes and generated clientsets all resolve.
package model
