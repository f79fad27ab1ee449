package main

import (
	"fmt"
	"io"
	"strings"
)

// writeGitHub prints one workflow command per finding, which GitHub Actions
// turns into an annotation on the line of the pull request:
//
//	::error file=F,line=L,col=C,endLine=L2,endColumn=C2,title=T::message
//
// File paths are relative to the repository root, as GitHub wants them.
func writeGitHub(w io.Writer, findings []*finding) error {
	for _, f := range findings {
		msg := f.Message
		for _, r := range f.Related {
			msg += fmt.Sprintf("\n%s:%d:%d: %s", r.File, r.Pos.Line, r.Pos.Column, r.Message)
		}
		if f.Analyzer.URL != "" {
			msg += "\nSee " + f.Analyzer.URL
		}
		_, err := fmt.Fprintf(w, "::error file=%s,line=%d,col=%d,endLine=%d,endColumn=%d,title=%s::%s\n",
			escapeProperty(f.File), f.Pos.Line, f.Pos.Column, f.End.Line, f.End.Column,
			escapeProperty("conflictlint "+f.Analyzer.Name), escapeData(msg))
		if err != nil {
			return err
		}
	}
	return nil
}

// escapeData escapes a workflow command's message.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a workflow command's property value, which also
// must not contain the separators ':' and ','.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
