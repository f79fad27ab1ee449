package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

// reviewdogPackage is the reviewdog that reads -format=rdjson(l) in the
// end-to-end test, the one action.yml installs for its suggestions.
const reviewdogPackage = "github.com/reviewdog/reviewdog/cmd/reviewdog@v0.21.0"

// TestReviewdog has reviewdog read both formats on a pull request made in
// a git repository: the stub tree as the base, and a commit that adds a
// file whose fix has several edits and changes the line of the unused
// directive (whose fix deletes its line).
func TestReviewdog(t *testing.T) {
	if testing.Short() {
		t.Skip("downloads reviewdog")
	}
	reviewdog := buildReviewdog(t) // before gopath, which points GOPATH elsewhere
	root := gitRepo(t)
	write(t, filepath.Join(root, movedFile), movedSource)
	editApp(t, root, "stale: the error is returned now", "stale: the error is returned now, really")
	commitAll(t, "pull request")
	stream := conflictlint(t, root, "-format=rdjsonl", "cmdreport/...")
	stream.want(t, exitFindings)
	ours := decodeRDJSONL(t, stream.stdout)
	if len(ours) != 6 {
		t.Fatalf("%d findings, want cmdreport's 6 (app and moved):\n%s", len(ours), stream.stdout)
	}

	t.Run("local reporters", func(t *testing.T) {
		doc := conflictlint(t, root, "-format=rdjson", "cmdreport/...")
		doc.want(t, exitFindings)
		checkReadBack(t, reviewdog, root, stream.stdout, doc.stdout, ours)
	})
	// As on a pull request, reviewdog keeps the findings on the lines git
	// diff shows changed, which it can match only if the paths are the
	// ones git prints.
	t.Run("diff", func(t *testing.T) {
		kept := decodeRDJSONL(t, runReviewdog(t, reviewdog, root, stream.stdout, nil, "-f=rdjsonl", "-reporter=local", "-diff=git diff HEAD~1"))
		var got []string
		for _, d := range kept {
			got = append(got, d.Location.Path)
		}
		if want := []string{appFile, movedFile}; !slices.Equal(got, want) {
			t.Errorf("reviewdog -diff kept the findings in %q, want those of the changed line and the new file: %q", got, want)
		}
	})
	t.Run("github-pr-review", func(t *testing.T) {
		checkReviewSuggestions(t, reviewdog, root, stream.stdout, ours)
	})
}

// checkReadBack has reviewdog's local reporters read rdjsonl and rdjson:
// -reporter=local prints every finding, and -reporter=rdjsonl writes back
// what reviewdog understood, which must be all that conflictlint wrote
// (reviewdog drops a field it does not know without a word, so a misspelt
// one would show here and nowhere else).
func checkReadBack(t *testing.T, reviewdog, root, stream, doc string, ours []rdDiagnostic) {
	t.Helper()
	// From rdjsonl, the local reporter prints each line as it was given.
	local := runReviewdog(t, reviewdog, root, stream, nil, "-f=rdjsonl", "-reporter=local", "-filter-mode=nofilter")
	if local != stream {
		t.Errorf("reviewdog -reporter=local printed:\n%s\nwant the rdjsonl lines:\n%s", local, stream)
	}
	// From rdjson, it prints each diagnostic in protobuf's text form.
	local = runReviewdog(t, reviewdog, root, doc, nil, "-f=rdjson", "-reporter=local", "-filter-mode=nofilter")
	lines := strings.Split(strings.TrimSuffix(local, "\n"), "\n")
	if len(lines) != len(ours) {
		t.Fatalf("reviewdog -reporter=local printed %d lines for %d findings:\n%s", len(lines), len(ours), local)
	}
	for i, line := range lines {
		if !strings.Contains(line, `"`+ours[i].Location.Path+`"`) || strings.Contains(line, "suggestions:") != (len(ours[i].Suggestions) > 0) {
			t.Errorf("reviewdog's line %d does not show finding %d (%s, %d suggestions): %s", i+1, i+1, ours[i].Location.Path, len(ours[i].Suggestions), line)
		}
	}
	for _, input := range []struct{ format, text string }{{"rdjsonl", stream}, {"rdjson", doc}} {
		back := runReviewdog(t, reviewdog, root, input.text, nil, "-f="+input.format, "-reporter=rdjsonl", "-filter-mode=nofilter")
		if got := decodeRDJSONL(t, back); !reflect.DeepEqual(got, ours) {
			t.Errorf("-f=%s: reviewdog read back:\n%s\nwant:\n%s", input.format, back, stream)
		}
	}
}

// checkReviewSuggestions runs reviewdog's github-pr-review reporter, as
// the action does, against a stand-in for GitHub's API on the loopback
// interface that serves the pull request's diff and records the review.
// Each finding of the pull request must come as a comment whose
// suggestion, applied the way GitHub applies one (its lines replace the
// comment's lines), gives the file that conflictlint's suggestion gives.
func checkReviewSuggestions(t *testing.T, reviewdog, root, stream string, ours []rdDiagnostic) {
	t.Helper()
	diff := runGit(t, "diff", "HEAD~1", "HEAD")
	github := newFakeGitHub(t, diff)
	event := filepath.Join(t.TempDir(), "event.json")
	write(t, event, `{"pull_request": {"number": 1, "head": {"sha": "`+strings.TrimSpace(runGit(t, "rev-parse", "HEAD"))+`", "ref": "pull-request"}},
"repository": {"owner": {"login": "owner"}, "name": "operator"}}`)
	env := []string{"GITHUB_ACTIONS=true", "GITHUB_EVENT_NAME=pull_request", "GITHUB_EVENT_PATH=" + event,
		"GITHUB_API=" + github.URL + "/", "REVIEWDOG_GITHUB_API_TOKEN=test-token"}
	runReviewdog(t, reviewdog, root, stream, env, "-f=rdjsonl", "-name=conflictlint", "-reporter=github-pr-review", "-filter-mode=added", "-fail-level=none")

	comments := github.reviewComments(t)
	if len(comments) != 2 {
		t.Fatalf("%d review comments, want the 2 findings of the pull request: %+v", len(comments), comments)
	}
	for _, c := range comments {
		i := slices.IndexFunc(ours, func(d rdDiagnostic) bool { return d.Location.Path == c.Path && len(d.Suggestions) == 1 })
		if i < 0 {
			t.Errorf("a comment on %s, which has no finding with a suggestion", c.Path)
			continue
		}
		src, err := os.ReadFile(filepath.Join(root, c.Path))
		if err != nil {
			t.Fatal(err)
		}
		want := applySuggestion(t, src, ours[i].Suggestions[0])
		if got, ok := c.applied(src); !ok {
			t.Errorf("the comment on %s holds no suggestion:\n%s", c.Path, c.Body)
		} else if string(got) != string(want) {
			t.Errorf("the comment's suggestion on %s, applied, gives:\n%s\nwant:\n%s", c.Path, got, want)
		}
	}
}

// reviewComment is the part of a review comment that a suggestion needs.
type reviewComment struct {
	Path      string
	StartLine int `json:"start_line"` // 0 for a comment on one line
	Line      int
	Body      string
}

// applied is src with the comment's lines replaced by its suggestion, as
// GitHub's "Commit suggestion" does; ok is false without a suggestion.
func (c reviewComment) applied(src []byte) (out []byte, ok bool) {
	_, block, found := strings.Cut(c.Body, "```suggestion\n")
	if !found {
		return nil, false
	}
	block, _, found = strings.Cut(block, "\n```")
	if !found {
		return nil, false
	}
	first := c.StartLine
	if first == 0 {
		first = c.Line
	}
	lines := strings.SplitAfter(string(src), "\n")
	edited := slices.Concat(lines[:first-1], []string{block + "\n"}, lines[c.Line:])
	return []byte(strings.Join(edited, "")), true
}

// fakeGitHub answers the calls of reviewdog's github-pr-review reporter
// for pull request 1 of owner/operator, and records the reviews posted.
type fakeGitHub struct {
	*httptest.Server
	mu      sync.Mutex
	reviews []struct{ Comments []reviewComment }
}

func newFakeGitHub(t *testing.T, diff string) *fakeGitHub {
	t.Helper()
	g := &fakeGitHub{}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /repos/owner/operator", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"html_url": "https://github.com/owner/operator"}`))
	})
	mux.HandleFunc("GET /repos/owner/operator/pulls/1", func(w http.ResponseWriter, r *http.Request) {
		if !strings.Contains(r.Header.Get("Accept"), "diff") {
			http.Error(w, "only the diff is served", http.StatusNotAcceptable)
			return
		}
		w.Write([]byte(diff))
	})
	mux.HandleFunc("GET /repos/owner/operator/pulls/1/comments", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`[]`)) // nothing posted before
	})
	mux.HandleFunc("POST /repos/owner/operator/pulls/1/reviews", func(w http.ResponseWriter, r *http.Request) {
		var review struct{ Comments []reviewComment }
		if err := json.NewDecoder(r.Body).Decode(&review); err != nil {
			t.Errorf("the review is not JSON: %v", err)
		}
		g.mu.Lock()
		g.reviews = append(g.reviews, review)
		g.mu.Unlock()
		w.Write([]byte(`{"id": 1}`))
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("reviewdog called %s %s, which the stand-in for GitHub does not know", r.Method, r.URL.Path)
		http.NotFound(w, r)
	})
	g.Server = httptest.NewServer(mux)
	t.Cleanup(g.Close)
	return g
}

// reviewComments is the comments of the one review posted.
func (g *fakeGitHub) reviewComments(t *testing.T) []reviewComment {
	t.Helper()
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.reviews) != 1 {
		t.Fatalf("%d reviews posted, want 1", len(g.reviews))
	}
	return g.reviews[0].Comments
}

// buildReviewdog installs reviewdogPackage into a temporary directory,
// through the module proxy and the module cache of the environment.
func buildReviewdog(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skipf("go command not found: %v", err)
	}
	bin := t.TempDir()
	cmd := exec.Command("go", "install", reviewdogPackage)
	cmd.Dir = bin // outside any module or workspace
	// -mod=mod: a GOFLAGS=-mod=vendor of the environment would refuse an
	// install at a version.
	cmd.Env = append(os.Environ(), "GOBIN="+bin, "GO111MODULE=on", "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go install %s: %v\n%s", reviewdogPackage, err, out)
	}
	return filepath.Join(bin, "reviewdog")
}

// runReviewdog runs reviewdog in dir, the root that the paths are
// relative to, with input on its standard input and env added to the
// environment, and returns its standard output.
func runReviewdog(t *testing.T, reviewdog, dir, input string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), reviewdog, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = strings.NewReader(input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("reviewdog %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String()
}

// TestActionInstallsTheTestedReviewdog keeps the reviewdog that action.yml
// installs for its suggestions the one this file tests the formats with.
func TestActionInstallsTheTestedReviewdog(t *testing.T) {
	action, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(action), "go install "+reviewdogPackage+")") {
		t.Errorf("action.yml does not install %s", reviewdogPackage)
	}
}
