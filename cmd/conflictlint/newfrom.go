package main

// The diff-aware gate: -new-from-rev, -new-from-merge-base and
// -new-from-patch keep only the findings on lines that a change added or
// modified, so that a pull request is judged by what it touches, the way
// golangci-lint's flags of the same names do. The change comes from git
// itself (`git diff`), or from a patch file; either is parsed as a unified
// diff by go-gitdiff.

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/bluekeyes/go-gitdiff/gitdiff"
)

// newFrom holds the gate's flags; at most one may be set.
type newFrom struct {
	rev, mergeBase, patch string
}

func (n *newFrom) register(fs *flag.FlagSet) {
	fs.StringVar(&n.rev, "new-from-rev", "", "report only findings on lines changed since git `revision` (committed or not; untracked files count as new)")
	fs.StringVar(&n.mergeBase, "new-from-merge-base", "", "report only findings on lines changed since the merge base of HEAD and git `ref` (a pull request's target branch)")
	fs.StringVar(&n.patch, "new-from-patch", "", "report only findings on lines this unified diff `file` adds or modifies (paths relative to the repository root, as git diff writes them)")
}

func (n *newFrom) active() bool { return n.rev != "" || n.mergeBase != "" || n.patch != "" }

// check rejects more than one of the flags: they name the change in
// different ways, and combining them has no obvious meaning.
func (n *newFrom) check() error {
	set := 0
	for _, v := range []string{n.rev, n.mergeBase, n.patch} {
		if v != "" {
			set++
		}
	}
	if set > 1 {
		return errors.New("use only one of -new-from-rev, -new-from-merge-base and -new-from-patch")
	}
	return nil
}

// describe names the change in the run's summary line.
func (n *newFrom) describe() string {
	switch {
	case n.rev != "":
		return "-new-from-rev=" + n.rev
	case n.mergeBase != "":
		return "-new-from-merge-base=" + n.mergeBase
	}
	return "-new-from-patch=" + n.patch
}

// gate filters findings when a flag of the gate is set, and says on stderr
// how many it kept; ok is false when the change could not be read.
func (n *newFrom) gate(findings []*finding, root string, stderr io.Writer) (kept []*finding, ok bool) {
	if !n.active() {
		return findings, true
	}
	kept, err := n.filter(findings, root)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %s: %v\n", progname(), n.describe(), err)
		return nil, false
	}
	fmt.Fprintf(stderr, "%s: %s kept %d of %d findings\n", progname(), n.describe(), len(kept), len(findings))
	return kept, true
}

// filter returns the findings that the change touches: the finding itself,
// or one of its related positions (the write a helper performs, the failed
// write before a stale one), lies on an added or modified line. root is
// the directory a patch's paths are relative to.
func (n *newFrom) filter(findings []*finding, root string) ([]*finding, error) {
	changed, err := n.changes(root)
	if err != nil {
		return nil, err
	}
	var kept []*finding
	for _, f := range findings {
		if changed.touches(f) {
			kept = append(kept, f)
		}
	}
	return kept, nil
}

func (n *newFrom) changes(root string) (changedLines, error) {
	if n.patch != "" {
		data, err := os.ReadFile(n.patch)
		if err != nil {
			return nil, err
		}
		return parseChanges(bytes.NewReader(data), root)
	}
	top, err := git("rev-parse", "--show-toplevel")
	if err != nil {
		return nil, err
	}
	top = strings.TrimSpace(top)
	rev := n.rev
	if n.mergeBase != "" {
		base, err := git("merge-base", n.mergeBase, "HEAD")
		if err != nil {
			return nil, err
		}
		rev = strings.TrimSpace(base)
	}
	return workTreeChanges(top, rev)
}

// workTreeChanges is what the work tree changes relative to rev, in the
// repository whose top directory is top: its diff, committed or not, and
// every untracked file as new (a file the change adds but did not yet
// stage is part of it too).
func workTreeChanges(top, rev string) (changedLines, error) {
	// Fixed prefixes and no external diff, textconv or colour, whatever the
	// user's git configuration says; no context lines, since only the
	// changed ones matter.
	diff, err := git("diff", "--no-color", "--no-ext-diff", "--no-textconv",
		"--src-prefix=a/", "--dst-prefix=b/", "--unified=0", rev, "--")
	if err != nil {
		return nil, err
	}
	changed, err := parseChanges(strings.NewReader(diff), top)
	if err != nil {
		return nil, err
	}
	untracked, err := git("ls-files", "--others", "--exclude-standard", "--full-name", "-z", "--", ":/")
	if err != nil {
		return nil, err
	}
	for _, name := range strings.Split(untracked, "\x00") {
		if name != "" {
			changed[filepath.Join(top, filepath.FromSlash(name))] = allLines
		}
	}
	return changed, nil
}

// git runs git in the current directory and returns its standard output;
// its standard error becomes the error.
func git(args ...string) (string, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.Command("git", args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return "", fmt.Errorf("git %s: %s", strings.Join(args, " "), msg)
	}
	return stdout.String(), nil
}

// changedLines maps a file's absolute path (symbolic links resolved) to the
// line numbers, in its new version, that the change added or modified.
type changedLines map[string]lineSet

// A lineSet is a set of line numbers; allLines holds every line.
type lineSet map[int]bool

var allLines = lineSet(nil)

// parseChanges reads a unified diff whose paths are relative to dir.
// Deleted files have no new lines and are left out.
func parseChanges(r io.Reader, dir string) (changedLines, error) {
	files, _, err := gitdiff.Parse(r)
	if err != nil {
		return nil, fmt.Errorf("parsing the diff: %v", err)
	}
	changed := make(changedLines)
	for _, f := range files {
		if f.IsDelete || f.NewName == "" {
			continue
		}
		path := filepath.Join(dir, filepath.FromSlash(f.NewName))
		lines := changed[path]
		if lines == nil {
			lines = make(lineSet)
			changed[path] = lines
		}
		for _, frag := range f.TextFragments {
			addedLines(frag, lines)
		}
	}
	return changed, nil
}

// addedLines adds to lines the new-side numbers of the fragment's added
// lines; a modified line is a deletion followed by an addition.
func addedLines(frag *gitdiff.TextFragment, lines lineSet) {
	n := int(frag.NewPosition)
	for _, l := range frag.Lines {
		switch l.Op {
		case gitdiff.OpAdd:
			lines[n] = true
			n++
		case gitdiff.OpContext:
			n++
		}
	}
}

// touches reports whether f or one of its related positions lies on a
// changed line. A position covers the lines from its start to its end, so
// a call is touched when any of its lines changed.
func (c changedLines) touches(f *finding) bool {
	if c.covers(f.Pos.Filename, f.Pos.Line, f.End.Line) {
		return true
	}
	for _, r := range f.Related {
		if c.covers(r.Pos.Filename, r.Pos.Line, r.End.Line) {
			return true
		}
	}
	return false
}

func (c changedLines) covers(filename string, from, to int) bool {
	lines, ok := c[canonicalPath(filename)]
	if !ok {
		return false
	}
	if lines == nil { // allLines: an untracked file
		return true
	}
	for l := from; l <= max(from, to); l++ {
		if lines[l] {
			return true
		}
	}
	return false
}

// canonicalPath resolves symbolic links, so that a package loaded through a
// linked directory matches the paths git reports.
func canonicalPath(filename string) string {
	if real, err := filepath.EvalSymlinks(filename); err == nil {
		return real
	}
	return filename
}
