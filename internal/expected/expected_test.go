package expected

import (
	"slices"
	"testing"
)

func TestParse(t *testing.T) {
	in := "# comment\n\ncmd/a/main.go:12: unretriedupdate\n# pending: x.go:1: staleupdate\n"
	got, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Finding{{Path: "cmd/a/main.go", Line: 12, Analyzer: "unretriedupdate"}}
	if !slices.Equal(got, want) {
		t.Errorf("Parse = %v, want %v", got, want)
	}
	if _, err := Parse([]byte("cmd/a/main.go:12:3: unretriedupdate\n")); err == nil {
		t.Error("Parse accepted a line with a column")
	}
}

func TestDiff(t *testing.T) {
	a := Finding{Path: "a.go", Line: 1, Analyzer: "x"}
	b := Finding{Path: "a.go", Line: 2, Analyzer: "x"}
	c := Finding{Path: "b.go", Line: 1, Analyzer: "x"}
	missing, unexpected := Diff([]Finding{c, a, b}, []Finding{b, b, a})
	if want := []Finding{c}; !slices.Equal(missing, want) {
		t.Errorf("missing = %v, want %v", missing, want)
	}
	if want := []Finding{b}; !slices.Equal(unexpected, want) {
		t.Errorf("unexpected = %v, want %v", unexpected, want)
	}
}

func TestWithoutAndPositionsOnly(t *testing.T) {
	fs := []Finding{{Path: "a.go", Line: 1, Analyzer: "x"}, {Path: "a.go", Line: 2, Analyzer: "y"}}
	if got, want := Without(fs, "x"), fs[1:]; !slices.Equal(got, want) {
		t.Errorf("Without = %v, want %v", got, want)
	}
	if got := PositionsOnly(fs); got[0].Analyzer != "" || got[1].String() != "a.go:2" {
		t.Errorf("PositionsOnly = %v", got)
	}
}
