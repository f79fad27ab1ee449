package main_test

import (
	"slices"
	"strings"
	"testing"
)

// These tests check the output parsers of the end-to-end tests on
// fabricated output; they need neither the go command nor the network.

const fakeDir = "/src/example"

func TestParseJSONStream(t *testing.T) {
	// The standalone checker prints one tree; go vet prints one per package,
	// "{}" for a package without findings.
	in := `{}
{
	"example.com/w/internal/c": {
		"unretriedupdate": [
			{"posn": "/src/example/internal/c/c.go:66:3", "end": "/src/example/internal/c/c.go:66:9", "message": "m",
			 "related": [{"posn": "/src/example/internal/c/c.go:10:1", "end": "", "message": "r"}]},
			{"posn": "/src/example/internal/c/c.go:7:2", "end": "", "message": "m"}
		]
	}
}
`
	got, err := parseJSONStream([]byte(in), fakeDir)
	if err != nil {
		t.Fatal(err)
	}
	want := []finding{
		{Path: "internal/c/c.go", Line: 66, Analyzer: "unretriedupdate"},
		{Path: "internal/c/c.go", Line: 7, Analyzer: "unretriedupdate"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("parseJSONStream = %v, want %v", got, want)
	}
}

func TestParseJSONStreamAnalysisError(t *testing.T) {
	in := `{"example.com/w/c": {"unretriedupdate": {"error": "internal error: boom"}}}`
	_, err := parseJSONStream([]byte(in), fakeDir)
	if err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("parseJSONStream error = %v, want the analysis error", err)
	}
}

func TestParseText(t *testing.T) {
	in := "# example.com/w/internal/c\n" +
		"internal/c/c.go:66:3: write of deploy drops its conflict error\n" +
		"internal/c/c.go:10:1: \tobject read here\n" +
		"./cmd/r/main.go:51:4: m\n" +
		"/src/example/internal/i/i.go:72:5: m\n"
	got, err := parseText([]byte(in), fakeDir)
	if err != nil {
		t.Fatal(err)
	}
	want := []finding{
		{Path: "internal/c/c.go", Line: 66},
		{Path: "cmd/r/main.go", Line: 51},
		{Path: "internal/i/i.go", Line: 72},
	}
	if !slices.Equal(got, want) {
		t.Errorf("parseText = %v, want %v", got, want)
	}
}

func TestParseTextStrayLine(t *testing.T) {
	in := "internal/c/c.go:66:3: m\npanic: runtime error\n"
	if _, err := parseText([]byte(in), fakeDir); err == nil || !strings.Contains(err.Error(), "panic") {
		t.Errorf("parseText error = %v, want one naming the stray line", err)
	}
}

func TestParsePosnOutsideModule(t *testing.T) {
	if f, err := parsePosn("/mod/k8s.io/client-go/x.go:1:1", fakeDir); err == nil {
		t.Errorf("parsePosn = %v, want an error for a file outside the module", f)
	}
}
