package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// Exit statuses of the standalone driver, the same for every format.
const (
	exitClean    = 0 // no findings left after suppression and baseline
	exitError    = 1 // packages failed to load or type-check, an analyzer failed, or a file could not be read or written
	exitUsage    = 2 // bad flags or arguments
	exitFindings = 3 // findings remain (the x/tools and go vet driver convention)
)

// formats lists the values of -format.
var formats = []string{"text", "json", "sarif", "github", "rdjson", "rdjsonl"}

type options struct {
	format        string
	json          bool
	baseline      string
	writeBaseline string
	output        string
	root          string
	abs           bool
	tests         bool
	tags          string
	verbose       bool
	fix           bool
	diff          bool
	newFrom       newFrom
	wholeProgram  bool // grade from the whole program's evidence
	// model is the suite's model options, which the driver completes
	// once it has loaded the packages (see analyzer.CoveredTestVariants).
	model *upstream.Options
}

// actionError is an analyzer that failed on a package.
type actionError struct {
	Pkg, Analyzer string
	Err           error
	skipped       bool // the package did not load or type-check
}

func (e actionError) String() string { return fmt.Sprintf("%s: %s: %v", e.Pkg, e.Analyzer, e.Err) }

// standalone runs the suite on the package patterns in args and returns
// the exit status. help shows the documentation of the named analyzers.
func standalone(args []string, stdout, stderr io.Writer, help func(names []string)) int {
	fs := flag.NewFlagSet(progname(), flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.format, "format", "text", "output `format`: "+strings.Join(formats, ", "))
	fs.BoolVar(&o.json, "json", false, "same as -format=json")
	fs.StringVar(&o.baseline, "baseline", "", "hide the findings recorded in this `file` (see -write-baseline)")
	fs.StringVar(&o.writeBaseline, "write-baseline", "", "record the current findings in this `file` and exit")
	fs.StringVar(&o.output, "output", "", "write the report to this `file` instead of standard output")
	fs.StringVar(&o.root, "root", "", "`directory` that reported paths are relative to (default: the enclosing git repository, else the current directory)")
	fs.BoolVar(&o.abs, "abs", false, "print absolute paths in the text output (default: relative to the working directory, as go vet)")
	fs.BoolVar(&o.tests, "test", true, "analyze test files too")
	fs.StringVar(&o.tags, "tags", "", "comma-separated build `tags` to consider satisfied, as go build -tags and go vet -tags")
	fs.BoolVar(&o.verbose, "v", false, "show progress on standard error (shown anyway when it is a terminal)")
	fs.BoolVar(&o.fix, "fix", false, "apply the suggested fixes instead of reporting, and list the findings left without one")
	fs.BoolVar(&o.diff, "diff", false, "with -fix, print the fixes as a unified diff (for git apply) instead of applying them")
	fs.BoolVar(&o.wholeProgram, "whole-program", true, "grade lost Conflicts from the whole program's evidence (the callers, main's resync, the manager's Start); false grades each package from its own and its imports', as go vet and golangci-lint do")
	o.newFrom.register(fs)
	var config analyzer.Config
	o.model = &config.Model
	config.ObservePanics(stackPrinter(&o, stderr))
	suite := config.Analyzers()
	config.RegisterFlags(fs, suite)
	if status, ok := parseFlags(fs, args, suite); !ok {
		return status
	}
	if o.json {
		o.format = "json"
	}
	if err := o.newFrom.check(); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", progname(), err)
		return exitUsage
	}
	if o.diff && !o.fix {
		fmt.Fprintf(stderr, "%s: -diff shows what -fix would change: use -fix -diff\n", progname())
		return exitUsage
	}
	if o.fix && (o.format != "text" || o.output != "") {
		fmt.Fprintf(stderr, "%s: -fix applies the fixes (or with -diff prints them) and lists what is left as text: it takes no -json, -format or -output; run the report apart\n", progname())
		return exitUsage
	}
	if !validFormat(o.format) {
		fmt.Fprintf(stderr, "%s: unknown -format %q: want one of %s\n", progname(), o.format, strings.Join(formats, ", "))
		return exitUsage
	}
	patterns := fs.Args()
	if len(patterns) == 1 && patterns[0] == "help" {
		fs.SetOutput(stdout) // asked for: the answer, not a complaint
		usage(fs, suite)
		return exitClean
	}
	if len(patterns) > 0 && patterns[0] == "help" {
		for _, name := range patterns[1:] {
			if analyzer.Lookup(suite, name) == nil {
				fmt.Fprintf(stderr, "%s: help: no analyzer is named %q; the analyzers are:\n", progname(), name)
				listAnalyzers(stderr, suite)
				return exitUsage
			}
		}
		help(patterns[1:])
		return exitClean
	}
	if len(patterns) == 0 {
		usage(fs, suite)
		return exitUsage
	}
	analyzers, err := config.Select(suite)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", progname(), err)
		return exitUsage
	}
	return o.run(analyzers, patterns, stdout, stderr)
}

func (o *options) run(analyzers []*analysis.Analyzer, patterns []string, stdout, stderr io.Writer) int {
	root, err := o.rootDir()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", progname(), err)
		return exitError
	}
	// The baseline is read first, so that a bad one is said before the
	// analysis rather than after it.
	var base *baseline
	if o.baseline != "" && o.writeBaseline == "" {
		if base, err = readBaseline(o.baseline); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", progname(), err)
			return exitError
		}
	}
	for _, p := range patterns {
		if problem := patternProblem(p); problem != "" {
			fmt.Fprintf(stderr, "%s: %s\n", progname(), problem)
			return exitUsage
		}
	}
	progress := newProgress(o.verbose, stderr)
	progress.printf("loading %s", strings.Join(patterns, " "))
	say := o.errorPrinter(root, stdout, stderr)
	pkgs, loadErrs, err := loadTo(patterns, o.tests, o.tags, say.error)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", progname(), err)
		return exitError
	}
	if note := notAnalyzedNote(pkgs); note != "" {
		say.notice(note)
	}
	if note := excludedByTags(pkgs, patterns, o.tags).note(); note != "" {
		say.notice(note)
	}
	if o.model != nil {
		o.model.CoveredVariant = analyzer.CoveredTestVariants(pkgs)
		o.model.Unimported = analyzer.UnimportedUnits(pkgs)
		// The whole program is in view: what main sets up grades the
		// findings of every package, unless the user said otherwise.
		if !o.wholeProgram {
			progress.printf("grading each package from its own evidence (-whole-program=false)")
		} else {
			printResync(progress, analyzer.SeeWholeProgram(o.model, pkgs))
		}
	}
	progress.printf("analyzing %d packages", len(pkgs))
	graph, err := analyze(analyzers, pkgs)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", progname(), err)
		return exitError
	}
	errs := actionErrors(graph)
	for _, e := range errs {
		if !e.skipped { // its package's errors are printed already
			say.error(e.String())
		}
	}
	failed := loadErrs > 0 || len(errs) > 0
	findings := collect(graph, root)
	progress.printf("%d findings", len(findings))

	if o.writeBaseline != "" {
		return o.record(findings, failed, stderr)
	}
	if base != nil {
		all := len(findings)
		var stale int
		findings, stale = base.filter(findings)
		fmt.Fprintf(stderr, "%s: baseline %s hid %d of %d findings\n", progname(), o.baseline, all-len(findings), all)
		if stale > 0 {
			fmt.Fprintf(stderr, "%s: %s records %d findings that no longer occur: shrink it with -write-baseline\n", progname(), o.baseline, stale)
		}
	}
	findings, ok := o.newFrom.gate(findings, root, stderr)
	if !ok {
		return exitError
	}
	if o.fix {
		return fixAll(findings, failed, o.diff, newPathStyle(o.abs), stdout, stderr)
	}
	if err := o.report(analyzers, findings, errs, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "%s: writing the report: %v\n", progname(), err)
		return exitError
	}
	switch {
	case failed:
		return exitError
	case len(findings) > 0:
		return exitFindings
	}
	return exitClean
}

// fixAll applies the findings' fixes, or with diff prints them as a
// unified diff on stdout, and prints the summary line and the findings
// without a fix on stderr. Applying, the status is the report's after the
// fixes: findings left without a fix (or left out, overlapping another)
// count as findings. With diff nothing is changed, so every finding still
// counts: exit status 3 whenever the diff is not empty or a finding has no
// fix, which lets a CI step fail on "the diff is not empty".
func fixAll(findings []*finding, failed, diff bool, where pathStyle, stdout, stderr io.Writer) int {
	plan := planFixes(findings)
	err := plan.apply(diff, stdout)
	reportFixes(plan, where, stderr)
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "%s: %v\n", progname(), err)
		return exitError
	case failed:
		return exitError
	case plan.summary.unfixable+plan.summary.overlapping > 0, diff && plan.summary.applied > 0:
		return exitFindings
	}
	return exitClean
}

// record writes the baseline; an incomplete run would record too little.
func (o *options) record(findings []*finding, failed bool, stderr io.Writer) int {
	if failed {
		fmt.Fprintf(stderr, "%s: not writing %s: the analysis was incomplete\n", progname(), o.writeBaseline)
		return exitError
	}
	if err := writeBaseline(o.writeBaseline, findings); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", progname(), err)
		return exitError
	}
	fmt.Fprintf(stderr, "%s: recorded %d findings in %s\n", progname(), len(findings), o.writeBaseline)
	return exitClean
}

func (o *options) report(analyzers []*analysis.Analyzer, findings []*finding, errs []actionError, stdout, stderr io.Writer) (err error) {
	w := stdout
	if o.output != "" {
		f, err := os.Create(o.output)
		if err != nil {
			return err
		}
		defer func() {
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}()
		w = f
	}
	switch o.format {
	case "json":
		return writeJSON(w, findings, errs)
	case "sarif":
		return writeSARIF(w, sarifReport(analyzers, findings, errs))
	case "github":
		if err := writeGitHub(w, findings); err != nil {
			return err
		}
		return appendStepSummary(findings)
	case "rdjson":
		return writeRDJSON(w, findings)
	case "rdjsonl":
		return writeRDJSONL(w, findings)
	}
	return writeText(w, findings, newPathStyle(o.abs))
}

func (o *options) rootDir() (string, error) {
	dir := o.root
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", err
		}
		dir = repoRoot(wd)
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	return dir, nil
}

// load loads the packages matching patterns with syntax and types, with
// the build tags (comma-separated) satisfied, and prints their errors; it fails only when nothing could be loaded.
//
// Dependencies come from export data, even though the model exports facts:
// loading all of client-go and k8s.io/api from source would multiply the
// run's time and memory for nothing, since upstream behaviour is in the
// model's tables. Facts still flow between the packages analyzed (go/packages
// type-checks a matched package once, from source, for every matched package
// that imports it), so `./...` sees its own shared helpers; helpers in
// other modules are seen under go vet, which analyzes every dependency.
func load(patterns []string, tests bool, tags string, stderr io.Writer) ([]*packages.Package, int, error) {
	return loadTo(patterns, tests, tags, func(line string) { fmt.Fprintln(stderr, line) })
}

// depsFromSourceEnv, set to 1, makes load type-check the dependencies from
// source instead of reading their export data, then drop their syntax, so
// that the analysis sees what it sees by default. It is for the corpus
// comparison (bench/expect.sh): export data means compiling every
// dependency into the build cache, minutes and gigabytes per cold
// directory; a type-check from source costs seconds and no disk. One
// difference remains: from source a dependency's types list every package
// it imports, from export data only those its API refers to, so a fix's
// new import (the API errors package) can be found among the transitive
// imports from source and not from export data.
const depsFromSourceEnv = "CONFLICTLINT_DEPS_FROM_SOURCE"

// loadTo is load with each error handed to say.
func loadTo(patterns []string, tests bool, tags string, say func(string)) ([]*packages.Package, int, error) {
	cfg := &packages.Config{Mode: packages.LoadSyntax | packages.NeedModule, Tests: tests}
	fromSource := os.Getenv(depsFromSourceEnv) == "1"
	if fromSource {
		cfg.Mode |= packages.NeedDeps
	}
	if tags != "" {
		cfg.BuildFlags = []string{"-tags=" + tags}
	}
	modfileAsBuildFlag(cfg)
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, 0, err
	}
	if len(pkgs) == 0 {
		return nil, 0, noPackages(patterns)
	}
	if fromSource {
		dropDependencySyntax(pkgs)
	} else if siblings := siblingImports(pkgs); len(siblings) > 0 {
		pkgs = withSiblings(cfg, patterns, siblings, pkgs)
	}
	errs := loadErrors(pkgs)
	for _, e := range errs {
		say(e)
	}
	return pkgs, len(errs), nil
}

// notAnalyzedNote counts the matched packages whose product code did not
// load or type-check, when there are any: a run where most failed exits
// with no finding, and the count keeps it from reading as a clean one.
func notAnalyzedNote(roots []*packages.Package) string {
	all, ill := map[string]bool{}, map[string]bool{}
	for _, p := range roots {
		if p.ID != p.PkgPath || userPackage(p) == "" {
			continue // a test variant or go test's main: counted by the product code
		}
		all[p.PkgPath] = true
		if p.IllTyped {
			ill[p.PkgPath] = true
		}
	}
	if len(ill) == 0 {
		return ""
	}
	if len(ill) == len(all) {
		return fmt.Sprintf("%s: %s of %d not analyzed: nothing was checked", progname(), plural(len(ill), "package", "packages"), len(all))
	}
	return fmt.Sprintf("%s: %s of %d not analyzed; the findings are those of the other %d",
		progname(), plural(len(ill), "package", "packages"), len(all), len(all)-len(ill))
}

// dropDependencySyntax leaves only roots, the packages the patterns
// matched, and the packages of sibling modules (see siblings.go) with
// syntax and type information, as a load from export data does; a
// dependency keeps its types and its errors.
func dropDependencySyntax(roots []*packages.Package) {
	isRoot := make(map[*packages.Package]bool, len(roots))
	for _, p := range roots {
		isRoot[p] = true
	}
	packages.Visit(roots, nil, func(p *packages.Package) {
		if !isRoot[p] && !fromSibling(p) {
			p.Syntax, p.TypesInfo = nil, nil
		}
	})
}

// analyze runs the analyzers on pkgs. The checker keeps every result until
// the end; the kube model of a package, the largest, is freed as soon as
// the last analyzer that uses it is done, so that what the process retains
// follows the packages being analyzed rather than the whole program. The
// dependencies that can carry no fact are left out of the checker's graph.
func analyze(analyzers []*analysis.Analyzer, pkgs []*packages.Package) (*checker.Graph, error) {
	return checker.Analyze(analyzer.FreeingModels(analyzers), analyzer.WithoutFactFreeImports(analyzer.WithoutTestMains(pkgs)), nil)
}

// actionErrors lists the failed actions, each error once.
func actionErrors(graph *checker.Graph) []actionError {
	var errs []actionError
	seen := make(map[string]bool)
	for act := range graph.All() {
		for _, d := range act.Diagnostics {
			// The analyzer that panicked and every analyzer that requires
			// it report the same panic: it is the first one's error.
			if d.Category == analyzer.InternalError && !reportedByPrerequisite(act, d.Message) {
				e := actionError{Pkg: act.Package.ID, Analyzer: act.Analyzer.Name, Err: errors.New(d.Message)}
				if !seen[e.String()] {
					seen[e.String()] = true
					errs = append(errs, e)
				}
			}
		}
		if act.Err == nil {
			continue
		}
		// An analyzer whose prerequisite failed says only that; the
		// prerequisite's own error is the one to print.
		skipped := act.Package.IllTyped && !act.Analyzer.RunDespiteErrors || failedPrerequisite(act)
		e := actionError{Pkg: act.Package.ID, Analyzer: act.Analyzer.Name, Err: act.Err, skipped: skipped}
		if act.Package.IllTyped {
			e.Err = notAnalyzedError(act.Package)
		}
		if !seen[e.String()] {
			seen[e.String()] = true
			errs = append(errs, e)
		}
	}
	return errs
}

// notAnalyzedError is the error of every analyzer on a package that did
// not load or type-check, with the package's first error, so that -json
// and SARIF say why without the text output's error lines.
func notAnalyzedError(p *packages.Package) error {
	if len(p.Errors) == 0 {
		return errors.New("not analyzed: the package has errors")
	}
	msg := "not analyzed: " + p.Errors[0].Error()
	if n := len(p.Errors) - 1; n > 0 {
		msg += fmt.Sprintf(" (and %d more errors)", n)
	}
	return errors.New(msg)
}

// stackPrinter returns what prints the stack of an analyzer's panic under
// -v; the panic itself is reported as an error of its package.
func stackPrinter(o *options, stderr io.Writer) func(*analyzer.Panic) {
	var mu sync.Mutex // analyzers of different packages run in parallel
	return func(p *analyzer.Panic) {
		if !o.verbose {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(stderr, "%s: %s panicked: %v\n%s\n", progname(), p.Analyzer, p.Value, p.Stack)
	}
}

// reportedByPrerequisite reports whether an analyzer that act requires
// reported the internal error msg on the same package.
func reportedByPrerequisite(act *checker.Action, msg string) bool {
	for _, dep := range act.Deps {
		if dep.Package != act.Package {
			continue
		}
		for _, d := range dep.Diagnostics {
			if d.Category == analyzer.InternalError && d.Message == msg {
				return true
			}
		}
	}
	return false
}

// failedPrerequisite reports whether act failed because an analyzer it
// requires failed on the same package.
func failedPrerequisite(act *checker.Action) bool {
	for _, dep := range act.Deps {
		if dep.Err != nil && dep.Package == act.Package {
			return true
		}
	}
	return false
}

func validFormat(f string) bool {
	for _, known := range formats {
		if f == known {
			return true
		}
	}
	return false
}

// usage prints how to run the command, its flags and its analyzers.
func usage(fs *flag.FlagSet, suite []*analysis.Analyzer) {
	w := fs.Output()
	fmt.Fprintf(w, `%[1]s reports lost and mishandled Kubernetes optimistic-concurrency conflicts.

Usage:
	%[1]s [flags] packages          report (exit 0 clean, 1 errors, 2 usage, 3 findings)
	%[1]s -fix packages             apply the suggested fixes (exit 3 when findings without one remain)
	%[1]s -fix -diff packages       print the fixes as a unified diff instead (for git apply; exit 3 when there is one)
	%[1]s help [analyzer]           this text, or an analyzer's documentation
	go vet -vettool=$(which %[1]s) packages
	go fix -fixtool=$(which %[1]s) packages

Analyzers (-NAME runs only the named ones, -NAME=false turns one off):
`, progname())
	listAnalyzers(w, suite)
	fmt.Fprint(w, "\nFlags:\n")
	fs.PrintDefaults()
	fmt.Fprint(w, `
Flag that prints the version:
  -version
    	print conflictlint's version and exit
`)
}

// listAnalyzers prints each analyzer's name and the title of its
// documentation, one a line.
func listAnalyzers(w io.Writer, suite []*analysis.Analyzer) {
	width := 0
	for _, a := range suite {
		width = max(width, len(a.Name))
	}
	for _, a := range suite {
		title, _, _ := strings.Cut(a.Doc, "\n\n")
		fmt.Fprintf(w, "  %-*s  %s\n", width, a.Name, strings.Join(strings.Fields(title), " "))
	}
}

func progname() string { return filepath.Base(os.Args[0]) }
