package analyzer

import "github.com/conflictlint/conflictlint/analyzer/internal/consequence"

// The findings of unretriedupdate and staleupdate end with a clause that
// grades their consequence, how long the lost write leaves the cluster
// wrong; the drivers read it back to rank findings in their outputs.

// Consequence returns the name of the grade a finding's message ends with
// (lost, until-event, until-resync, reported, requeued or unknown), or "" when the
// finding has none (another analyzer's).
func Consequence(message string) string {
	return consequence.Of(message).String()
}

// ConsequenceLevel returns the SARIF level of a finding graded grade:
// "error" for lost and unknown, "warning" for until-resync, "note" for
// until-event and reported; "" when grade names no grade.
func ConsequenceLevel(grade string) string {
	g, err := consequence.Parse(grade)
	if err != nil {
		return ""
	}
	return consequence.SARIFLevel(g)
}

// SplitConsequence returns message without its consequence clause, and
// the clause with its leading "; ", or message and "" when it has none.
func SplitConsequence(message string) (rest, clause string) {
	return consequence.Split(message)
}
