// Package zerolog is a test stub of github.com/rs/zerolog.
package zerolog

// Logger writes events.
type Logger struct{}

// Event is one log entry being built.
type Event struct{}

func (l *Logger) Err(err error) *Event { return &Event{} }
func (l *Logger) Error() *Event        { return &Event{} }
func (l *Logger) Info() *Event         { return &Event{} }
func (l *Logger) Warn() *Event         { return &Event{} }
func (l *Logger) Fatal() *Event        { return &Event{} }
func (l *Logger) Panic() *Event        { return &Event{} }

func (e *Event) Err(err error) *Event         { return e }
func (e *Event) Str(key, val string) *Event   { return e }
func (e *Event) Msg(msg string)               {}
func (e *Event) Msgf(format string, v ...any) {}
func (e *Event) Send()                        {}
