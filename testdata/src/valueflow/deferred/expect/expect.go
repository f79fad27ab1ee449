// Package expect is an e2e framework's assertion helper: it fails the
// spec through gomega when given an error, as Kubernetes' own
// framework.ExpectNoError does.
package expect

import "github.com/onsi/gomega"

// NoError fails the spec when err is not nil.
func NoError(err error, explain ...interface{}) { NoErrorWithOffset(1, err, explain...) }

// NoErrorWithOffset is NoError with a stack offset for the report.
func NoErrorWithOffset(offset int, err error, explain ...interface{}) {
	if err == nil {
		return
	}
	gomega.Expect(err).NotTo(gomega.HaveOccurred(), explain...)
}
