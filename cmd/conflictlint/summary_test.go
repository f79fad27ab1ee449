package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestStepSummary(t *testing.T) {
	root := gopath(t)
	summary := filepath.Join(t.TempDir(), "summary.md")
	write(t, summary, "earlier step\n")
	t.Setenv("GITHUB_STEP_SUMMARY", summary)
	t.Setenv("GITHUB_SERVER_URL", "https://github.example")
	t.Setenv("GITHUB_REPOSITORY", "team/operator")
	t.Setenv("GITHUB_SHA", "abc123")

	conflictlint(t, root, "-format=github", "cmdreport/...").want(t, exitFindings)
	data, err := os.ReadFile(summary)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if !strings.HasPrefix(text, "earlier step\n### conflictlint: 5 findings\n") {
		t.Errorf("the summary does not append a heading with the count:\n%s", text)
	}
	rows := strings.Count(text, "\n| [src/")
	if rows != 5 {
		t.Errorf("%d rows, want one per finding (5):\n%s", rows, text)
	}
	for _, want := range []string{
		"| [src/cmdreport/app/app.go:19](https://github.example/team/operator/blob/abc123/src/cmdreport/app/app.go#L19) | [unretriedupdate](",
		"conflict from s.c.Update cannot be returned by dropped",
		"<br>src/cmdreport/app/app.go:23: the conflict-prone write: c.Update",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the summary lacks %q:\n%s", want, text)
		}
	}

	// Other formats leave the summary alone.
	conflictlint(t, root, "-format=text", "cmdreport/...").want(t, exitFindings)
	if again, _ := os.ReadFile(summary); string(again) != text {
		t.Errorf("-format=text wrote to the job summary")
	}
}

func TestStepSummaryLimit(t *testing.T) {
	a := &analysis.Analyzer{Name: "unretriedupdate"}
	long := strings.Repeat("x|", 1000)
	var findings []*finding
	for range 1000 {
		findings = append(findings, &finding{Analyzer: a, File: "a.go", Message: long})
	}
	text := summaryMarkdown(findings, func(string, int) string { return "" })
	if len(text) > summaryLimit+100 {
		t.Errorf("summary of %d bytes, over GitHub's limit", len(text))
	}
	shown := strings.Count(text, "\n| a.go:0 |")
	if !strings.Contains(text, "more findings are in the job's log") || shown == 0 || shown == len(findings) {
		t.Errorf("%d of %d rows shown, want a part and a note", shown, len(findings))
	}
	if strings.Contains(text, "x|x") {
		t.Errorf("a pipe in a message is not escaped")
	}
}
