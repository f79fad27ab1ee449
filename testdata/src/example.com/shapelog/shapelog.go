// Package shapelog is a logger the model's tables do not know, shaped like
// logrus and glog: it is recognised by its signature.
package shapelog

// Logger prints messages.
type Logger struct{}

// Errorf prints a formatted message.
func (*Logger) Errorf(format string, args ...interface{}) {}

// Error prints its arguments.
func Error(args ...interface{}) {}

// Recorder keeps errors for someone else to act on.
type Recorder struct{ errs []error }

// Record stores err.
func (r *Recorder) Record(err error) { r.errs = append(r.errs, err) }
