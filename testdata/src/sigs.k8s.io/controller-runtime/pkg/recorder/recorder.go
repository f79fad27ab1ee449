// Package recorder is a test stub of sigs.k8s.io/controller-runtime/pkg/recorder.
package recorder

import "k8s.io/client-go/tools/record"

// Provider hands out event recorders.
type Provider interface {
	GetEventRecorderFor(name string) record.EventRecorder
}
