// Package notes gathers what a sync ran into, as velero's restore
// warnings do: some methods keep only an error's text, others the error
// itself or a mark that something failed.
package notes

import "fmt"

// Notes are the messages of one sync.
type Notes struct {
	Messages []string
	Errors   []error
	Failed   bool
}

// Add keeps only the error's text.
func (n *Notes) Add(what string, err error) {
	n.Messages = append(n.Messages, fmt.Sprintf("%s: %v", what, err))
}

// AddText keeps only the error's text too, through Error.
func (n *Notes) AddText(err error) {
	n.Messages = append(n.Messages, err.Error())
}

// Keep keeps the error itself: a caller can still test it.
func (n *Notes) Keep(err error) {
	n.Errors = append(n.Errors, err)
}

// Fail marks the notes failed when err is not nil: a caller can tell.
func (n *Notes) Fail(err error) {
	if err != nil {
		n.Failed = true
		n.Messages = append(n.Messages, err.Error())
	}
}
