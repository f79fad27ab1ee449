// Package log is a test stub of github.com/rs/zerolog/log, the global logger.
package log

import "github.com/rs/zerolog"

var Logger zerolog.Logger

func Err(err error) *zerolog.Event { return Logger.Err(err) }
func Error() *zerolog.Event        { return Logger.Error() }
func Fatal() *zerolog.Event        { return Logger.Fatal() }
func Warn() *zerolog.Event         { return Logger.Warn() }
