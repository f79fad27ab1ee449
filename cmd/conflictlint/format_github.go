package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// writeGitHub prints one workflow command per finding, which GitHub Actions
// turns into an annotation on the line of the pull request:
//
//	::error file=F,line=L,col=C,endLine=L2,endColumn=C2,title=T::message
//
// File paths are relative to the repository root, as GitHub wants them.
// The command is the finding's SARIF level in GitHub's words (see
// annotationKind): a graded finding that heals by itself is a warning or
// a notice, everything else an error.
func writeGitHub(w io.Writer, findings []*finding) error {
	for _, f := range findings {
		msg := f.Message
		for _, r := range f.Related {
			msg += fmt.Sprintf("\n%s:%d:%d: %s", r.File, r.Pos.Line, r.Pos.Column, r.Message)
		}
		if f.Analyzer.URL != "" {
			msg += "\nSee " + f.Analyzer.URL
		}
		_, err := fmt.Fprintf(w, "::%s file=%s,line=%d,col=%d,endLine=%d,endColumn=%d,title=%s::%s\n",
			annotationKind(f), escapeProperty(f.File), f.Pos.Line, f.Pos.Column, f.End.Line, f.End.Column,
			escapeProperty("conflictlint "+f.Analyzer.Name), escapeData(msg))
		if err != nil {
			return err
		}
	}
	return nil
}

// annotationKind is the workflow command of f's annotation: error for
// lost and unknown Conflicts and for findings without a grade, warning for
// those a resync redoes, notice for those the next event redoes or that a
// person is told of.
func annotationKind(f *finding) string {
	if level := resultLevel(f); level != "note" {
		return level
	}
	return "notice"
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

// errorPrinter prints the run's errors (packages that did not load, an
// analyzer that failed) and notes: plain lines on standard error, or,
// under -format=github, workflow commands on standard output, so that a
// package that does not compile is an annotation on the line at fault and
// not only a line in the log.
type errorPrinter struct {
	github         bool
	root, wd       string
	where          pathStyle // how a plain error line spells its position
	stdout, stderr io.Writer
}

func (o *options) errorPrinter(root string, stdout, stderr io.Writer) errorPrinter {
	wd, _ := os.Getwd()
	if real, err := filepath.EvalSymlinks(wd); err == nil {
		wd = real // root is resolved too
	}
	return errorPrinter{github: o.format == "github", root: root, wd: wd, where: newPathStyle(o.abs), stdout: stdout, stderr: stderr}
}

func (p errorPrinter) error(line string) {
	if p.github {
		fmt.Fprintln(p.stdout, githubCommand("error", line, p.root, p.wd))
		return
	}
	fmt.Fprintln(p.stderr, p.spell(line))
}

// spell writes the absolute path an error line starts with (the type
// checker's) as the findings spell theirs.
func (p errorPrinter) spell(line string) string {
	m := errorPos.FindStringSubmatchIndex(line)
	if m == nil || !filepath.IsAbs(line[m[2]:m[3]]) {
		return line
	}
	return p.where.file(line[m[2]:m[3]]) + line[m[3]:]
}

func (p errorPrinter) notice(line string) {
	if p.github {
		fmt.Fprintln(p.stdout, githubCommand("notice", line, p.root, p.wd))
		return
	}
	fmt.Fprintln(p.stderr, line)
}

// errorPos is the position an error line of the go command or the type
// checker starts with: file:line: or file:line:col:.
var errorPos = regexp.MustCompile(`^(.+?\.go):(\d+)(?::(\d+))?: `)

// githubCommand turns an error line into a workflow command of the given
// kind (error, notice). A line that starts with the position of a file in
// the repository (root) becomes an annotation on that line, the position
// taken off the message; relative positions are relative to wd, as the go
// command prints them. Any other line is an annotation of the run.
func githubCommand(kind, line, root, wd string) string {
	props := "title=conflictlint"
	if m := errorPos.FindStringSubmatch(line); m != nil {
		if file, ok := repoFile(m[1], root, wd); ok {
			props = "file=" + escapeProperty(file) + ",line=" + m[2]
			if m[3] != "" {
				props += ",col=" + m[3]
			}
			props += ",title=conflictlint"
			line = line[len(m[0]):]
		}
	}
	return "::" + kind + " " + props + "::" + escapeData(line)
}

// repoFile returns file's slash path relative to root, if it is under root.
func repoFile(file, root, wd string) (string, bool) {
	if !filepath.IsAbs(file) {
		file = filepath.Join(wd, file)
	}
	rel, ok := under(root, file)
	if !ok {
		if real, err := filepath.EvalSymlinks(file); err == nil {
			rel, ok = under(root, real)
		}
	}
	return filepath.ToSlash(rel), ok
}

func under(root, file string) (string, bool) {
	rel, err := filepath.Rel(root, file)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}
