// Package recorders gathers messages and reaches no Kubernetes object, so
// the model does not walk it; it still exports a KeepsErrorTextFact for
// each exported function without results that keeps an error parameter
// only as text.
package recorders

import "fmt"

// Messages are what a run ran into.
type Messages struct {
	Lines  []string
	Errors []error
	Failed bool
}

// Add keeps the error's text only.
func (m *Messages) Add(scope string, err error) { // want Add:`^keepsErrorText\(1\)$`
	m.Lines = append(m.Lines, fmt.Sprintf("%s: %v", scope, err))
}

// Note keeps the error's message only.
func Note(m *Messages, err error) { // want Note:`^keepsErrorText\(1\)$`
	m.Lines = append(m.Lines, err.Error())
}

// Keep keeps the error itself: no fact.
func (m *Messages) Keep(err error) {
	m.Errors = append(m.Errors, err)
}

// Mark tests the error: no fact.
func (m *Messages) Mark(err error) {
	if err != nil {
		m.Failed = true
		m.Lines = append(m.Lines, err.Error())
	}
}

// Describe returns the text: the message goes where the string goes, no fact.
func Describe(err error) string { return err.Error() }

// note is not exported: no fact.
func note(m *Messages, err error) { m.Lines = append(m.Lines, err.Error()) }

var _ = note
