package editors

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	for _, tc := range []struct {
		line string
		want Diagnostic
		ok   bool
	}{
		{"/src/op/c.go:12:3: conflict from r.Update of cm is dropped", Diagnostic{"/src/op/c.go", 12, 3, "conflict from r.Update of cm is dropped"}, true},
		{"/src/op/c.go:14:2: \tthe failed write", Diagnostic{"/src/op/c.go", 14, 2, "\tthe failed write"}, true},
		{"internal/c.go:7:9: unretriedupdate: lost at status.go:18 (conflictlint)", Diagnostic{"internal/c.go", 7, 9, "unretriedupdate: lost at status.go:18 (conflictlint)"}, true},
		{"# example.com/op/internal", Diagnostic{}, false},
		{"/src/op/c.go:12: no column", Diagnostic{}, false},
	} {
		d, err := read(tc.line)
		if ok := err == nil; ok != tc.ok || (ok && d != tc.want) {
			t.Errorf("read(%q) = %+v, %v; want %+v, ok %v", tc.line, d, err, tc.want, tc.ok)
		}
	}
	if !(Diagnostic{Message: "\tx"}).Related() || (Diagnostic{Message: "x"}).Related() {
		t.Error("Related is wrong")
	}
}

func TestLinesAndFindings(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "c.go"), []byte("package c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	abs := filepath.Join(dir, "c.go")
	out := "# example.com/c\n" + abs + ":3:1: lost\n" + abs + ":5:2: \trelated\nc.go:4:1: lost too\n"
	ds := Lines(t, "sample", []byte(out), dir)
	fs := Findings(ds, dir)
	if len(ds) != 3 || len(fs) != 2 || fs[0].Path != "c.go" || fs[0].Line != 3 || fs[1].Path != "c.go" || fs[1].Line != 4 {
		t.Errorf("Lines = %+v, Findings = %+v", ds, fs)
	}
}

func TestLuaPattern(t *testing.T) {
	for _, tc := range []struct {
		lua, text string
		want      []string // the captures, nil for no match
	}{
		{`^([^:]+):(%d+):(%d+): (.*)$`, "/a/b.go:12:3: lost: retry", []string{"/a/b.go", "12", "3", "lost: retry"}},
		{`^([^:]+):(%d+):(%d+): (.*)$`, "/a/b.go:12: lost", nil},
		{`(%w+)%.go:(%d+)`, "x/file.go:7", []string{"file", "7"}},
		{`^(%a+)-(%d+)`, "ab12", []string{"ab", "12"}},
		{`([%d%.]+)%%`, "v1.25% done", []string{"1.25"}},
		{`^[^%s]+ (.-)!$`, "say hi there!", []string{"hi there"}},
	} {
		re, err := LuaPattern(tc.lua)
		if err != nil {
			t.Fatalf("LuaPattern(%q): %v", tc.lua, err)
		}
		m := re.FindStringSubmatch(tc.text)
		if tc.want == nil {
			if m != nil {
				t.Errorf("%q (as %s) matches %q: %q", tc.lua, re, tc.text, m)
			}
			continue
		}
		if m == nil || strings.Join(m[1:], "|") != strings.Join(tc.want, "|") {
			t.Errorf("%q (as %s) on %q = %q, want %q", tc.lua, re, tc.text, m, tc.want)
		}
	}
	for _, bad := range []string{"%b()", "(%d)%1", "[abc", "x%"} {
		if _, err := LuaPattern(bad); err == nil {
			t.Errorf("LuaPattern(%q) did not fail", bad)
		}
	}
}

func TestNoneLSReader(t *testing.T) {
	r := NoneLS()
	d, ok := r.Read("/src/op/c.go:14:2: \tthe failed write")
	if !ok || d != (Diagnostic{"/src/op/c.go", 14, 2, "\tthe failed write"}) {
		t.Errorf("none-ls reads %+v, %v", d, ok)
	}
	if len(NoneLSGroups) != r.pattern.NumSubexp() {
		t.Errorf("%d groups for %d captures", len(NoneLSGroups), r.pattern.NumSubexp())
	}
}
