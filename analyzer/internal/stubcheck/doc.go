// Package stubcheck holds a test proving that the shared stub tree under
// testdata/src type-checks the way analysistest loads it (GOPATH mode).
//
// The stubs stand in for client-go, apimachinery, api, controller-runtime,
// klog, logr, zap and a code-generated CRD clientset, and, for the
// real-bug set, a pre-v0.18 client-go, wrangler's generic controllers,
// logrus, glog, klog v1, testify, gomega/ginkgo and pkg/errors. They are declarations
// shaped like the real APIs, with trivial bodies. Every top-level directory
// of testdata/src whose name contains a dot (k8s.io, sigs.k8s.io,
// github.com, go.uber.org, example.com) is a stub root; scenario packages
// for the analyzers live in dot-free top-level directories and are not
// loaded here. The package testdata/src/stubsmoke calls the key APIs the way
// controller code does, so a pass means the stubs are coherent with each
// other and with that usage.
package stubcheck
