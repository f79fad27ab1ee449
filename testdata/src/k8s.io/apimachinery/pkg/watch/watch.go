// Package watch is a test stub of k8s.io/apimachinery/pkg/watch.
package watch

import "k8s.io/apimachinery/pkg/runtime"

// EventType says what happened to a watched object.
type EventType string

// Event is one change seen by a watch.
type Event struct {
	Type   EventType
	Object runtime.Object
}

// Interface is a running watch.
type Interface interface {
	Stop()
	ResultChan() <-chan Event
}

// The kinds of watch events.
const (
	Added    EventType = "ADDED"
	Modified EventType = "MODIFIED"
	Deleted  EventType = "DELETED"
	Bookmark EventType = "BOOKMARK"
	Error    EventType = "ERROR"
)
