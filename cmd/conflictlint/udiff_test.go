package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiffLinesIsShortest checks the edit script on random texts over a
// small alphabet: it turns a into b, and it is as short as the longest
// common subsequence allows.
func TestDiffLinesIsShortest(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	text := func() []string {
		lines := make([]string, r.IntN(12))
		for i := range lines {
			lines[i] = string(rune('a'+r.IntN(4))) + "\n"
		}
		return lines
	}
	for range 2000 {
		a, b := text(), text()
		ops := diffLines(a, b)
		var gotA, gotB []string
		changes := 0
		for _, op := range ops {
			if op.kind != '+' {
				if op.ai != len(gotA) {
					t.Fatalf("a=%q b=%q: op %+v: ai %d, want %d", a, b, op, op.ai, len(gotA))
				}
				gotA = append(gotA, op.line)
			}
			if op.kind != '-' {
				if op.bi != len(gotB) {
					t.Fatalf("a=%q b=%q: op %+v: bi %d, want %d", a, b, op, op.bi, len(gotB))
				}
				gotB = append(gotB, op.line)
			}
			if op.kind != ' ' {
				changes++
			}
		}
		if strings.Join(gotA, "") != strings.Join(a, "") || strings.Join(gotB, "") != strings.Join(b, "") {
			t.Fatalf("a=%q b=%q: the script gives %q and %q", a, b, gotA, gotB)
		}
		if want := len(a) + len(b) - 2*lcs(a, b); changes != want {
			t.Fatalf("a=%q b=%q: %d changes, want %d", a, b, changes, want)
		}
	}
}

func lcs(a, b []string) int {
	t := make([][]int, len(a)+1)
	for i := range t {
		t[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	return t[0][0]
}

// TestUnifiedDiffGitApply hands diffs of several shapes to git apply in a
// repository holding the old text, and checks that the file then holds
// the new one.
func TestUnifiedDiffGitApply(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skipf("git not found: %v", err)
	}
	lines := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString("line " + string(rune('A'+i%26)) + strings.Repeat("x", i/26) + "\n")
		}
		return b.String()
	}
	base := lines(40)
	for _, tc := range []struct{ name, old, new string }{
		{"insert at the top", base, "import \"x\"\n" + base},
		{"change in the middle", base, strings.Replace(base, "line K\n", "line K changed\n", 1)},
		{"two hunks", base, strings.Replace(strings.Replace(base, "line C\n", "", 1), "line T\n", "line T changed\n", 1) + "tail\n"},
		{"close changes, one hunk", base, strings.Replace(strings.Replace(base, "line C\n", "c\n", 1), "line F\n", "f\n", 1)},
		{"no final newline", strings.TrimSuffix(base, "\n"), base},
		{"delete everything", base, ""},
		{"from nothing", "", base},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			runGit(t, "-C", dir, "init", "-q")
			path := filepath.Join(dir, "pkg", "f.go")
			write(t, path, tc.old)
			var diff bytes.Buffer
			if err := writeUnifiedDiff(&diff, "pkg/f.go", []byte(tc.old), []byte(tc.new)); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("git", "apply", "-")
			cmd.Dir = dir
			cmd.Stdin = &diff
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("git apply: %v\n%s\ndiff:\n%s", err, out, diff.String())
			}
			got, err := os.ReadFile(path)
			if err != nil && tc.new != "" {
				t.Fatal(err)
			}
			if string(got) != tc.new {
				t.Errorf("after git apply:\n%s\nwant:\n%s", got, tc.new)
			}
		})
	}
}
