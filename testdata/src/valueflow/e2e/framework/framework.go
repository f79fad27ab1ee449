// Package framework is the shape of an e2e framework's helpers: Failf
// fails the spec and never returns, Warnf fails it only when asked to, so
// it may return. Like Kubernetes' own, it also talks to the API, which is
// what gets its functions' facts computed.
package framework

import (
	"context"
	"fmt"

	"github.com/onsi/ginkgo/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

// NamespaceExists fails the spec when ns cannot be read.
func NamespaceExists(ctx context.Context, cs kubernetes.Interface, ns string) {
	if _, err := cs.CoreV1().ConfigMaps(ns).Get(ctx, "kube-root-ca.crt", metav1.GetOptions{}); err != nil {
		Failf("namespace %s: %v", ns, err)
	}
}

// Strict makes Warnf fail the spec.
var Strict bool

// Failf fails the running spec with a formatted message.
func Failf(format string, args ...interface{}) {
	msg := fmt.Sprintf(format, args...)
	ginkgo.Fail(msg, 1)
	panic("unreachable")
}

// Fail is Failf without formatting, through Failf.
func Fail(msg string) { Failf("%s", msg) }

// Warnf fails the spec only in strict mode.
func Warnf(format string, args ...interface{}) {
	if Strict {
		ginkgo.Fail(fmt.Sprintf(format, args...))
	}
	fmt.Printf(format+"\n", args...)
}
