package unretriedupdate

import (
	"fmt"
	"strings"
)

// Mode selects what counts as handling a Conflict.
type Mode string

const (
	// Propagate accepts a returned error: controller-runtime and work
	// queues requeue on it.
	Propagate Mode = "propagate"
	// Strict reports every conflict-prone write outside a retry scope.
	Strict Mode = "strict"
)

// Modes lists the accepted modes.
var Modes = []Mode{Propagate, Strict}

func (m *Mode) String() string { return string(*m) }

// Set parses a mode, as flag.Value asks.
func (m *Mode) Set(s string) error {
	for _, known := range Modes {
		if Mode(s) == known {
			*m = known
			return nil
		}
	}
	names := make([]string, len(Modes))
	for i, known := range Modes {
		names[i] = string(known)
	}
	return fmt.Errorf("unknown mode %q: want one of %s", s, strings.Join(names, ", "))
}

// Config is the analyzer's configuration, bound to its flags.
type Config struct {
	Mode Mode
}
