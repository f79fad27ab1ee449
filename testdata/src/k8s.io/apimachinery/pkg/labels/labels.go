// Package labels is a test stub of k8s.io/apimachinery/pkg/labels.
package labels

// Labels gives access to a label set.
type Labels interface {
	Has(label string) bool
	Get(label string) string
}

// Set is a plain label map.
type Set map[string]string

// Selector matches label sets.
type Selector interface {
	Matches(Labels) bool
	Empty() bool
	String() string
}

// Everything returns a selector that matches all label sets.
func Everything() Selector { return nil }

// SelectorFromSet returns a selector requiring every pair in ls.
func SelectorFromSet(ls Set) Selector { return nil }
