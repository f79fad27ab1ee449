// Package controller stands in for knative.dev/pkg/controller: the
// errors a knative reconciler returns to be called again later.
package controller

import "time"

type requeueKeyError struct{ duration time.Duration }

func (e requeueKeyError) Error() string { return "requeue after " + e.duration.String() }

// NewRequeueAfter returns an error asking to requeue the key after dur.
func NewRequeueAfter(dur time.Duration) error { return requeueKeyError{duration: dur} }

// NewRequeueImmediately returns an error asking to requeue the key now.
func NewRequeueImmediately() error { return requeueKeyError{} }
