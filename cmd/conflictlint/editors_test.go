package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conflictlint/conflictlint/internal/editors"
)

// TestNoneLSRecipe runs the command as the none-ls recipe of
// docs/editors.md does (in the buffer's package directory, on ".") and
// reads its standard output line by line with the recipe's pattern: every
// finding is read, at an absolute path of an existing file (none-ls opens
// each file's buffer by that name), with a column, a related position's
// line is not, and the exit status is one the recipe accepts.
func TestNoneLSRecipe(t *testing.T) {
	root := gopath(t)
	t.Chdir(filepath.Join(root, filepath.Dir(appFile)))
	o := conflictlint(t, root, "-abs", ".")
	if o.exit != exitClean && o.exit != exitFindings { // check_exit_code = { 0, 3 }
		t.Fatalf("exit status %d, which the recipe takes for a failure\n%s", o.exit, o.stderr)
	}
	r := editors.NoneLS()
	findings := 0
	for _, line := range strings.Split(strings.TrimSuffix(o.stdout, "\n"), "\n") {
		d, ok := r.Read(line)
		if related := strings.HasPrefix(line, "\t"); related || !ok {
			if related && ok {
				t.Errorf("%s reads the related position %q as a finding", r.Name, line)
			}
			if related {
				continue
			}
			t.Errorf("%s does not read %q", r.Name, line)
			continue
		}
		if !filepath.IsAbs(d.File) || d.Col == 0 {
			t.Errorf("%q: want an absolute path and a column", line)
		}
		if _, err := os.Stat(d.File); err != nil {
			t.Errorf("%q names a file that does not exist: %v", line, err)
		}
		if !d.Related() {
			findings++
		}
	}
	if findings != 5 {
		t.Errorf("none-ls reads %d findings, want cmdreport's 5:\n%s", findings, o.stdout)
	}
}
