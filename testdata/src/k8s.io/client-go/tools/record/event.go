// Package record is a test stub of k8s.io/client-go/tools/record.
package record

import "k8s.io/apimachinery/pkg/runtime"

// EventRecorder records events about objects.
type EventRecorder interface {
	Event(object runtime.Object, eventtype, reason, message string)
	Eventf(object runtime.Object, eventtype, reason, messageFmt string, args ...interface{})
	AnnotatedEventf(object runtime.Object, annotations map[string]string, eventtype, reason, messageFmt string, args ...interface{})
}

// FakeRecorder records events on a channel.
type FakeRecorder struct {
	Events chan string
}

// NewFakeRecorder returns a FakeRecorder with the given buffer size.
func NewFakeRecorder(bufferSize int) *FakeRecorder {
	return &FakeRecorder{Events: make(chan string, bufferSize)}
}

func (f *FakeRecorder) Event(object runtime.Object, eventtype, reason, message string) {}
func (f *FakeRecorder) Eventf(object runtime.Object, eventtype, reason, messageFmt string, args ...interface{}) {
}
func (f *FakeRecorder) AnnotatedEventf(object runtime.Object, annotations map[string]string, eventtype, reason, messageFmt string, args ...interface{}) {
}
