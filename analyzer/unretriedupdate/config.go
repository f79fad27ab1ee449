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

// ReportsTestWrites tells the model whether this mode reports writes in
// _test.go files (upstream.TestWriteReporter): only strict mode does.
func (m *Mode) ReportsTestWrites() bool { return *m == Strict }

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

// Debug selects extra reports for the people who model the fate of a
// failure: "unknown" reports each write whose Conflict is neither proven
// lost nor proven handed on, with the construct that left it undecided.
type Debug string

// DebugUnknown reports the undecided writes.
const DebugUnknown Debug = "unknown"

func (d *Debug) String() string { return string(*d) }

// Set parses a debug setting, as flag.Value asks.
func (d *Debug) Set(s string) error {
	if s != "" && Debug(s) != DebugUnknown {
		return fmt.Errorf("unknown debug setting %q: want unknown, or nothing", s)
	}
	*d = Debug(s)
	return nil
}

// Config is the analyzer's configuration, bound to its flags.
type Config struct {
	Mode  Mode
	Debug Debug
}
