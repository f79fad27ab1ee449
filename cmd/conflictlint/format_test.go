package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/conflictlint/conflictlint/analyzer"
)

func TestSARIF(t *testing.T) {
	root := gopath(t)
	o := conflictlint(t, root, "-format=sarif", "cmdreport/...")
	o.want(t, exitFindings)

	validateSARIF(t, []byte(o.stdout))
	rep, err := sarif.FromString(o.stdout)
	if err != nil {
		t.Fatalf("parsing the SARIF output: %v\n%s", err, o.stdout)
	}
	run := rep.Runs[0]
	if got, want := len(run.Tool.Driver.Rules), len(analyzer.Default()); got != want {
		t.Errorf("%d rules, want one per analyzer (%d)", got, want)
	}
	for _, rule := range run.Tool.Driver.Rules {
		// helpUri is the analyzer's page, which TestCheckPages (analyzer)
		// keeps equal to its doc.go.
		page := "docs/checks/" + *rule.ID + ".md"
		if rule.HelpURI == nil || *rule.HelpURI != toolURI+"/blob/main/"+page {
			t.Errorf("rule %s: helpUri %v, want the analyzer's page %s", *rule.ID, rule.HelpURI, page)
		} else if _, err := os.Stat(filepath.Join(filepath.Dir(filepath.Dir(filepath.Dir(testdataDir))), page)); err != nil {
			t.Errorf("rule %s: its helpUri names no file: %v", *rule.ID, err)
		}
		if rule.ShortDescription == nil || rule.FullDescription == nil {
			t.Errorf("rule %s lacks a description", *rule.ID)
		}
	}
	fingerprints := make(map[string]bool)
	fixes := 0
	for _, res := range run.Results {
		loc := res.Locations[0].PhysicalLocation.ArtifactLocation
		if *loc.URI != appFile || loc.URIBaseID == nil || *loc.URIBaseID != srcRoot {
			t.Errorf("result location %s (base %v), want %s relative to %s", *loc.URI, loc.URIBaseID, appFile, srcRoot)
		}
		fp := res.PartialFingerprints[fingerprintKey]
		if fp == "" || fingerprints[fp] {
			t.Errorf("result %q: fingerprint %q is missing or not unique", *res.Message.Text, fp)
		}
		fingerprints[fp] = true
		fixes += len(res.Fixes)
	}
	if fixes != 1 {
		t.Errorf("%d fixes, want 1 (removing the unused directive)", fixes)
	}

	// The UTF-16 column of the finding after a non-ASCII comment.
	for _, res := range run.Results {
		region := res.Locations[0].PhysicalLocation.Region
		if *region.StartLine == 31 && *region.StartColumn != 20 {
			t.Errorf("line 31: start column %d, want 20 (UTF-16 units, not bytes)", *region.StartColumn)
		}
	}

	if strings.Contains(o.stdout, "file://") || strings.Contains(o.stdout, root) {
		t.Errorf("the SARIF log names the machine's directory %s", root)
	}
	if run.Tool.Driver.Version == nil || *run.Tool.Driver.Version != version() {
		t.Errorf("driver version %v, want %s", run.Tool.Driver.Version, version())
	}
	base, ok := run.OriginalUriBaseIds[srcRoot]
	if !ok || base.URI != nil || base.Description == nil {
		t.Errorf("%s is not declared as a base without a URI: %+v", srcRoot, base)
	}
	golden(t, filepath.Join(testdataDir, "report.sarif.golden"), o.stdout)
}

// TestFingerprintsSurviveLineShifts: moving findings does not change their
// fingerprints, so code scanning keeps its alerts' history.
func TestFingerprintsSurviveLineShifts(t *testing.T) {
	root := gopath(t)
	before := fingerprintsOf(t, conflictlint(t, root, "-format=sarif", "cmdreport/..."))
	shiftLines(t, filepath.Join(root, appFile))
	o := conflictlint(t, root, "-format=sarif", "cmdreport/...")
	o.want(t, exitFindings)
	after := fingerprintsOf(t, o)
	if strings.Join(before, " ") != strings.Join(after, " ") {
		t.Errorf("fingerprints changed with line shifts:\nbefore %v\nafter  %v", before, after)
	}
}

func fingerprintsOf(t *testing.T, o outcome) []string {
	t.Helper()
	rep, err := sarif.FromString(o.stdout)
	if err != nil {
		t.Fatal(err)
	}
	var fps []string
	for _, res := range rep.Runs[0].Results {
		fps = append(fps, res.PartialFingerprints[fingerprintKey])
	}
	return fps
}

// shiftLines inserts lines at the top of the file and a declaration
// between the functions, moving every finding.
func shiftLines(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(data), "package app\n", "package app\n\n// Inserted.\n", 1)
	src = strings.Replace(src, "type Syncer struct", "var inserted = 1\n\ntype Syncer struct", 1)
	src = strings.Replace(src, "func twice(", "func unrelated() {\n\t_ = inserted\n}\n\nfunc twice(", 1)
	write(t, path, src)
}

var githubLine = regexp.MustCompile(`^::error file=([^,]+),line=(\d+),col=(\d+),endLine=(\d+),endColumn=(\d+),title=([^:]+)::(.*)$`)

func TestGitHub(t *testing.T) {
	root := gopath(t)
	o := conflictlint(t, root, "-format=github", "cmdreport/...")
	o.want(t, exitFindings)
	type annotation struct {
		file      string
		line, col int
		title     string
		message   string
	}
	var got []annotation
	for _, l := range strings.Split(strings.TrimSuffix(o.stdout, "\n"), "\n") {
		m := githubLine.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("not a workflow command: %q", l)
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		msg := strings.NewReplacer("%0A", "\n", "%0D", "\r", "%25", "%").Replace(m[7])
		got = append(got, annotation{m[1], line, col, m[6], msg})
	}
	if len(got) != 5 {
		t.Fatalf("%d annotations, want 5:\n%s", len(got), o.stdout)
	}
	first := got[0]
	if first.file != appFile || first.line != 19 || first.col != 6 || first.title != "conflictlint unretriedupdate" ||
		!strings.HasPrefix(first.message, "conflict from s.c.Update cannot be returned by dropped") {
		t.Errorf("first annotation %+v", first)
	}
	helper := got[1]
	if !strings.Contains(helper.message, "\n"+appFile+":23:9: the conflict-prone write: c.Update") {
		t.Errorf("the helper's annotation does not name the related write: %q", helper.message)
	}
}

func TestEscapeProperty(t *testing.T) {
	if got, want := escapeProperty("a:b,c%d\ne"), "a%3Ab%2Cc%25d%0Ae"; got != want {
		t.Errorf("escapeProperty = %q, want %q", got, want)
	}
	if got, want := escapeData("50% of a:b,c\r\n"), "50%25 of a:b,c%0D%0A"; got != want {
		t.Errorf("escapeData = %q, want %q", got, want)
	}
}

// golden compares got with the file, or rewrites it with -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		write(t, path, got)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the output (run go test -update and review the diff):\n%s", path, got)
	}
}

func TestGitHubCommand(t *testing.T) {
	root := filepath.FromSlash("/repo")
	wd := filepath.Join(root, "mod")
	for _, c := range []struct{ kind, line, want string }{
		{"error", "internal/typed/typed.go:9:2: k8s.io/api@v0.37.2: replacement directory ./missing does not exist",
			"::error file=mod/internal/typed/typed.go,line=9,col=2,title=conflictlint::k8s.io/api@v0.37.2: replacement directory ./missing does not exist"},
		{"error", filepath.Join(root, "pkg", "a.go") + ":12: undefined: x",
			"::error file=pkg/a.go,line=12,title=conflictlint::undefined: x"},
		{"error", "/elsewhere/b.go:3:4: syntax error",
			"::error title=conflictlint::/elsewhere/b.go:3:4: syntax error"},
		{"error", "example.com/m/cmd: not analyzed: its dependency k8s.io/api/core/v1 could not be loaded",
			"::error title=conflictlint::example.com/m/cmd: not analyzed: its dependency k8s.io/api/core/v1 could not be loaded"},
		{"notice", "conflictlint: 2 files in 1 directory not analyzed: 50% of\nthem",
			"::notice title=conflictlint::conflictlint: 2 files in 1 directory not analyzed: 50%25 of%0Athem"},
	} {
		if got := githubCommand(c.kind, c.line, root, wd); got != c.want {
			t.Errorf("githubCommand(%q, %q)\n got %s\nwant %s", c.kind, c.line, got, c.want)
		}
	}
}

// TestGitHubLoadErrors: under -format=github, a package that does not
// type-check is an ::error annotation on its line, on standard output with
// the findings, and the run still reports the other packages' findings.
func TestGitHubLoadErrors(t *testing.T) {
	root := gopath(t)
	write(t, filepath.Join(root, "src/broken/broken.go"), "package broken\n\nfunc f() int {\n\treturn undefined\n}\n")
	o := conflictlint(t, root, "-format=github", "cmdreport/...", "broken")
	o.want(t, exitError)
	lines := strings.Split(strings.TrimSuffix(o.stdout, "\n"), "\n")
	want := "::error file=src/broken/broken.go,line=4,col=9,title=conflictlint::undefined: undefined"
	if lines[0] != want {
		t.Errorf("first line of stdout:\n got %s\nwant %s", lines[0], want)
	}
	findings, notes := 0, 0
	for _, l := range lines[1:] {
		switch {
		case githubLine.MatchString(l):
			findings++
		case l == "::notice title=conflictlint::conflictlint.test: 1 package of 2 not analyzed; the findings are those of the other 1":
			notes++ // the count of packages not analyzed
		default:
			t.Errorf("not a finding's annotation: %q", l)
		}
	}
	if notes != 1 {
		t.Errorf("%d notices of the packages not analyzed, want 1:\n%s", notes, o.stdout)
	}
	if findings != 5 {
		t.Errorf("%d findings, want cmdreport's 5:\n%s", findings, o.stdout)
	}
	if strings.Contains(o.stderr, "undefined") {
		t.Errorf("the load error is printed on stderr too:\n%s", o.stderr)
	}

	// The text format keeps it a plain line on stderr.
	o = conflictlint(t, root, "broken")
	o.want(t, exitError)
	if !strings.Contains(o.stderr, "broken.go:4:9: undefined: undefined") || o.stdout != "" {
		t.Errorf("-format=text: stdout %q, stderr %q", o.stdout, o.stderr)
	}
}

// gradedFindings are cmdgraded's findings, by line: their grade, SARIF
// level and GitHub annotation command.
var gradedFindings = map[int]struct{ grade, level, command string }{
	22: {"lost", "error", "error"},
	27: {"reported", "note", "notice"},
	47: {"until-event", "note", "notice"},
	72: {"until-resync", "warning", "warning"},
}

// TestConsequenceInOutputs: every format carries a finding's grade, in
// -json as "consequence", in SARIF as the result's level and a property,
// under -format=github as the annotation's command; -consequence keeps
// only the grades it lists.
func TestConsequenceInOutputs(t *testing.T) {
	root := gopath(t)

	o := conflictlint(t, root, "-json", "cmdgraded")
	o.want(t, exitFindings)
	var tree map[string]map[string][]struct {
		Posn        string
		Message     string
		Consequence *string
	}
	if err := json.Unmarshal([]byte(o.stdout), &tree); err != nil {
		t.Fatalf("-json: %v\n%s", err, o.stdout)
	}
	seen := 0
	for _, diags := range tree["cmdgraded"] {
		for _, d := range diags {
			line := posnLine(t, d.Posn)
			want, ok := gradedFindings[line]
			if !ok || d.Consequence == nil || *d.Consequence != want.grade {
				t.Errorf("-json: line %d: consequence %v, want %q", line, d.Consequence, want.grade)
			}
			seen++
		}
	}
	if seen != len(gradedFindings) {
		t.Errorf("-json: %d findings, want %d:\n%s", seen, len(gradedFindings), o.stdout)
	}

	o = conflictlint(t, root, "-format=sarif", "cmdgraded")
	o.want(t, exitFindings)
	validateSARIF(t, []byte(o.stdout))
	var log struct {
		Runs []struct {
			Results []struct {
				Level      *string
				Properties map[string]any
				Locations  []struct {
					PhysicalLocation struct{ Region struct{ StartLine int } }
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(o.stdout), &log); err != nil {
		t.Fatal(err)
	}
	results := log.Runs[0].Results
	if len(results) != len(gradedFindings) {
		t.Fatalf("SARIF: %d results, want %d", len(results), len(gradedFindings))
	}
	for _, res := range results {
		line := res.Locations[0].PhysicalLocation.Region.StartLine
		want := gradedFindings[line]
		// The level is written even at warning, the schema's default:
		// absent, it would be the rule's level, error.
		if res.Level == nil || *res.Level != want.level || res.Properties["consequence"] != want.grade {
			t.Errorf("SARIF: line %d: level %v, properties %v; want level %s and consequence %s",
				line, res.Level, res.Properties, want.level, want.grade)
		}
	}

	o = conflictlint(t, root, "-format=github", "cmdgraded")
	o.want(t, exitFindings)
	lines := strings.Split(strings.TrimSuffix(o.stdout, "\n"), "\n")
	if len(lines) != len(gradedFindings) {
		t.Fatalf("%d annotations, want %d:\n%s", len(lines), len(gradedFindings), o.stdout)
	}
	for _, l := range lines {
		m := regexp.MustCompile(`^::(\w+) file=[^,]+,line=(\d+),`).FindStringSubmatch(l)
		if m == nil {
			t.Errorf("not an annotation: %q", l)
			continue
		}
		line, _ := strconv.Atoi(m[2])
		if want := gradedFindings[line]; m[1] != want.command {
			t.Errorf("-format=github: line %d: ::%s, want ::%s", line, m[1], want.command)
		}
	}

	o = conflictlint(t, root, "-json", "-consequence=lost,unknown", "cmdgraded")
	o.want(t, exitFindings)
	if strings.Count(o.stdout, `"consequence": "lost"`) != 1 || strings.Count(o.stdout, `"consequence"`) != 1 {
		t.Errorf("-consequence=lost,unknown: want only the lost finding:\n%s", o.stdout)
	}
}

// posnLine is the line of a -json position, file:line:col.
func posnLine(t *testing.T, posn string) int {
	t.Helper()
	parts := strings.Split(posn, ":")
	if len(parts) < 3 {
		t.Fatalf("position %q", posn)
	}
	line, err := strconv.Atoi(parts[len(parts)-2])
	if err != nil {
		t.Fatalf("position %q: %v", posn, err)
	}
	return line
}

// TestNotAnalyzedMeansNoFindings: a package that does not type-check is
// analyzed by no analyzer, not by the few that could run on it anyway: its
// changed lister object (which listermutation, able to run despite type
// errors, would otherwise report) is no finding, and -json says why each
// analyzer has nothing, quoting the package's first error.
func TestNotAnalyzedMeansNoFindings(t *testing.T) {
	root := gopath(t)
	write(t, filepath.Join(root, "src/halfbroken/h.go"), `package halfbroken

import corelisters "k8s.io/client-go/listers/core/v1"

func relabel(pods corelisters.PodLister) {
	pod, _ := pods.Pods("ns").Get("name")
	pod.Labels["seen"] = "true"
}

func f() int { return undefined }
`)
	o := conflictlint(t, root, "halfbroken")
	o.want(t, exitError)
	if o.stdout != "" || o.stderr != "src/halfbroken/h.go:10:23: undefined: undefined\nconflictlint.test: 1 package of 1 not analyzed: nothing was checked\n" {
		t.Errorf("want the type error and no finding: stdout %q, stderr %q", o.stdout, o.stderr)
	}
	j := conflictlint(t, root, "-json", "halfbroken")
	j.want(t, exitError)
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(j.stdout), &tree); err != nil {
		t.Fatalf("-json: %v\n%s", err, j.stdout)
	}
	for name, entry := range tree["halfbroken"] {
		var e struct{ Error string }
		if json.Unmarshal(entry, &e) != nil || !strings.HasPrefix(e.Error, "not analyzed: ") || !strings.Contains(e.Error, "undefined: undefined") {
			t.Errorf("-json: %s: %s, want an error that quotes the type error", name, entry)
		}
	}
	if len(tree["halfbroken"]) == 0 {
		t.Errorf("-json says nothing of the package:\n%s", j.stdout)
	}
}
