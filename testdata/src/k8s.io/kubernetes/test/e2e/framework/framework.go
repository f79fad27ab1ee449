// Package framework stubs the Kubernetes e2e framework's failing helpers.
// Their bodies are left out, as export data leaves them out for the
// standalone command: what they do with an error is known from the tables
// alone.
package framework

// Failf fails the running spec and never returns.
func Failf(format string, args ...interface{}) {}

// ExpectNoError fails the running spec when err is not nil.
func ExpectNoError(err error, explain ...interface{}) {}

// ExpectNoErrorWithOffset is ExpectNoError reporting offset frames up.
func ExpectNoErrorWithOffset(offset int, err error, explain ...interface{}) {}

// Logf only logs.
func Logf(format string, args ...interface{}) {}
