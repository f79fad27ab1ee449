package main

import (
	"strings"
	"testing"
)

// TestWholeProgramGrades: the standalone command loads the whole program,
// so a resync that an importer sets up (the manager, in package manager)
// grades a lost write of the controller package it runs. With only the
// controller package in view, as go vet and golangci-lint see it, the same
// write is lost for good; a -resync the user gives wins over the program's.
func TestWholeProgramGrades(t *testing.T) {
	root := gopath(t)
	const write = "src/cmdprogram/controller/controller.go:31:12: conflict from r.Update of cm is only logged: return it; "
	for _, c := range []struct {
		args  []string
		grade string
	}{
		{[]string{"cmdprogram/..."}, "lost until resync (30m)"},
		{[]string{"cmdprogram/controller"}, "lost for good"},
		{[]string{"-resync=2h", "cmdprogram/..."}, "lost until resync (2h)"},
	} {
		o := conflictlint(t, root, c.args...)
		o.want(t, exitFindings)
		if !strings.Contains(o.stdout, write+c.grade+" (unretriedupdate)") {
			t.Errorf("conflictlint %s: want the write graded %q, got\n%s", strings.Join(c.args, " "), c.grade, o.stdout)
		}
	}
}
