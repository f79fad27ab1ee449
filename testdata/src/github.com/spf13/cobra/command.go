// Package cobra is a test stub of github.com/spf13/cobra: a command whose
// RunE returns an error to Execute, which the program's main turns into an
// exit status.
package cobra

// Command is one command of a command-line program.
type Command struct {
	Use          string
	Short        string
	Long         string
	SilenceUsage bool

	// Run runs the command when it has no error to return.
	Run func(cmd *Command, args []string)

	// RunE runs the command; its error is returned by Execute.
	RunE func(cmd *Command, args []string) error
}

// Execute runs the command and returns the error of its RunE.
func (c *Command) Execute() error { return nil }
