// Package status stubs google.golang.org/grpc/status: errors built from a
// code and a message, nil for OK.
package status

import (
	"fmt"

	"google.golang.org/grpc/codes"
)

// Error returns an error for code c, or nil when c is OK.
func Error(c codes.Code, msg string) error {
	if c == codes.OK {
		return nil
	}
	return fmt.Errorf("rpc error: code = %d desc = %s", c, msg)
}

// Errorf is Error with a format.
func Errorf(c codes.Code, format string, a ...any) error {
	return Error(c, fmt.Sprintf(format, a...))
}
