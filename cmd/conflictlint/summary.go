package main

// The job summary: GitHub shows only a few annotations per step (10 errors;
// 50 per job), so with -format=github every finding is also written as a
// Markdown table to the file that $GITHUB_STEP_SUMMARY names, which GitHub
// shows on the run's summary page.

import (
	"fmt"
	"html"
	"io"
	"os"
	"strings"
)

// summaryLimit keeps the summary under GitHub's limit of 1 MiB per step;
// the rows beyond it are counted instead of shown.
const summaryLimit = 1000 * 1000

// appendStepSummary appends the table to $GITHUB_STEP_SUMMARY, when set.
func appendStepSummary(findings []*finding) (err error) {
	path := os.Getenv("GITHUB_STEP_SUMMARY")
	if path == "" {
		return nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("job summary: %v", err)
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	_, err = io.WriteString(f, summaryMarkdown(findings, sourceLink()))
	return err
}

// summaryMarkdown is a heading and a table of findings; link turns a
// repository-relative file and line into a URL, or "" for no link.
func summaryMarkdown(findings []*finding, link func(file string, line int) string) string {
	var b strings.Builder
	switch len(findings) {
	case 0:
		b.WriteString("### conflictlint: no findings\n")
		return b.String()
	case 1:
		b.WriteString("### conflictlint: 1 finding\n\n")
	default:
		fmt.Fprintf(&b, "### conflictlint: %d findings\n\n", len(findings))
	}
	b.WriteString("| location | analyzer | message |\n| --- | --- | --- |\n")
	for i, f := range findings {
		row := summaryRow(f, link)
		if b.Len()+len(row) > summaryLimit {
			fmt.Fprintf(&b, "\n%d more findings are in the job's log.\n", len(findings)-i)
			break
		}
		b.WriteString(row)
	}
	return b.String()
}

func summaryRow(f *finding, link func(string, int) string) string {
	msg := cell(f.Message)
	for _, r := range f.Related {
		msg += "<br>" + cell(fmt.Sprintf("%s:%d: %s", r.File, r.Pos.Line, r.Message))
	}
	analyzer := cell(f.Analyzer.Name)
	if f.Analyzer.URL != "" {
		analyzer = fmt.Sprintf("[%s](%s)", analyzer, f.Analyzer.URL)
	}
	return fmt.Sprintf("| %s | %s | %s |\n", location(f.File, f.Pos.Line, link), analyzer, msg)
}

func location(file string, line int, link func(string, int) string) string {
	text := cell(fmt.Sprintf("%s:%d", file, line))
	if url := link(file, line); url != "" {
		return fmt.Sprintf("[%s](%s)", text, url)
	}
	return text
}

// cell makes text safe inside a table cell: HTML escaped, no pipes or
// line breaks that would end the cell or the row.
func cell(text string) string {
	text = html.EscapeString(text)
	return strings.NewReplacer("|", `\|`, "\r", "", "\n", "<br>").Replace(text)
}

// sourceLink links a file and line to the commit being checked, from the
// variables GitHub Actions sets; without them there are no links.
func sourceLink() func(file string, line int) string {
	server, repo, sha := os.Getenv("GITHUB_SERVER_URL"), os.Getenv("GITHUB_REPOSITORY"), os.Getenv("GITHUB_SHA")
	return func(file string, line int) string {
		if server == "" || repo == "" || sha == "" || strings.HasPrefix(file, "/") {
			return ""
		}
		return fmt.Sprintf("%s/%s/blob/%s/%s#L%d", server, repo, sha, pathURI(file), line)
	}
}
