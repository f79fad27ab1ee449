// Package logging is a project's log wrapper, as kratix's is: a helper
// that hands an error to a logger records it as a message; one that also
// ends the program does more.
package logging

import (
	"os"

	"github.com/go-logr/logr"
)

// Error logs err with a severity.
func Error(logger logr.Logger, err error, msg string, keysAndValues ...any) {
	logger.WithValues("severity", "error").Error(err, msg, keysAndValues...)
}

// Fatal logs err and ends the program.
func Fatal(logger logr.Logger, err error, msg string) {
	logger.Error(err, msg)
	os.Exit(1)
}
