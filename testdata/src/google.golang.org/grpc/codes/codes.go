// Package codes stubs google.golang.org/grpc/codes: the status codes.
package codes

// Code is a gRPC status code.
type Code uint32

// The codes the tests use; OK is zero.
const (
	OK              Code = 0
	InvalidArgument Code = 3
	Aborted         Code = 10
)
