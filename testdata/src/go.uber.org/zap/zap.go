// Package zap is a test stub of go.uber.org/zap.
package zap

import "go.uber.org/zap/zapcore"

// Field is one key/value pair of a log entry.
type Field = zapcore.Field

// Logger is a structured logger.
type Logger struct{}

// NewNop returns a Logger that drops everything.
func NewNop() *Logger { return &Logger{} }

// NewProduction returns a production Logger.
func NewProduction() (*Logger, error) { return &Logger{}, nil }

func (log *Logger) Debug(msg string, fields ...Field) {}
func (log *Logger) Info(msg string, fields ...Field)  {}
func (log *Logger) Warn(msg string, fields ...Field)  {}
func (log *Logger) Error(msg string, fields ...Field) {}
func (log *Logger) Fatal(msg string, fields ...Field) {}

// With returns a Logger that adds fields.
func (log *Logger) With(fields ...Field) *Logger { return log }

// Sync flushes buffered entries.
func (log *Logger) Sync() error { return nil }

// Error returns a Field holding err under the key "error".
func Error(err error) Field { return Field{Key: "error", Interface: err} }

// String returns a string Field.
func String(key string, val string) Field { return Field{Key: key, String: val} }

// Int returns an int Field.
func Int(key string, val int) Field { return Field{Key: key, Integer: int64(val)} }

// Any returns a Field of any value.
func Any(key string, value interface{}) Field { return Field{Key: key, Interface: value} }
