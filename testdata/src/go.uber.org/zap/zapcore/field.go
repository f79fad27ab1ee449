// Package zapcore is a test stub of go.uber.org/zap/zapcore.
package zapcore

// FieldType says how a Field's value is stored.
type FieldType uint8

// Field is one key/value pair of a log entry.
type Field struct {
	Key       string
	Type      FieldType
	Integer   int64
	String    string
	Interface interface{}
}
