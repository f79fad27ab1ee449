package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// siblingStubs are the stub modules the sibling scenario imports.
var siblingStubs = []string{"k8s.io/api", "k8s.io/apimachinery", "k8s.io/client-go", "sigs.k8s.io/controller-runtime"}

// siblingRepo lays out, in module mode, a repository of two modules: app,
// which the run is asked about, and lib, which app's go.mod replaces by
// its directory; the Kubernetes stubs are replaced modules too. It returns
// app's directory, the working directory.
func siblingRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	var require, replace strings.Builder
	for _, m := range siblingStubs {
		if err := os.CopyFS(filepath.Join(dir, "stubs", m), os.DirFS(filepath.Join(stubTree, m))); err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(dir, "stubs", m, "go.mod"), "module "+m+"\n\ngo 1.22\n")
		fmt.Fprintf(&require, "\t%s v0.0.0\n", m)
		fmt.Fprintf(&replace, "\t%s => ../../stubs/%s\n", m, m)
	}
	for _, m := range []string{"app", "lib"} {
		if err := os.CopyFS(filepath.Join(dir, "repo", m), os.DirFS(filepath.Join(testdataDir, "siblings", m))); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(dir, "repo/lib/go.mod"), "module example.com/lib\n\ngo 1.22\n")
	write(t, filepath.Join(dir, "repo/app/go.mod"), "module example.com/app\n\ngo 1.22\n\nrequire (\n\texample.com/lib v0.0.0\n"+require.String()+
		")\n\nreplace (\n\texample.com/lib => ../lib\n"+replace.String()+")\n")
	app := filepath.Join(dir, "repo", "app")
	t.Setenv("GO111MODULE", "on")
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	t.Setenv("GOPROXY", "off")
	t.Setenv("GITHUB_STEP_SUMMARY", "")
	t.Chdir(app)
	return app
}

// TestSiblingModuleFacts: a ConfigMap built by a builder of a sibling
// module (a directory replacement in app's go.mod) carries no
// resourceVersion, so app's Update of it cannot conflict. go vet sees that
// from the builder's fact; the standalone command now loads the sibling's
// packages with syntax for their facts, in both of its loads, and does not
// report the sibling's own findings (lib's Relabel drops a Conflict, but
// lib is not among the patterns). The write of a caller's object stays
// reported.
func TestSiblingModuleFacts(t *testing.T) {
	for _, fromSource := range []string{"", "1"} {
		t.Run("depsFromSource="+fromSource, func(t *testing.T) {
			app := siblingRepo(t)
			t.Setenv(depsFromSourceEnv, fromSource)
			o := conflictlint(t, app, "./...")
			o.want(t, exitFindings)
			if !strings.Contains(o.stdout, "app.go:21:12: conflict from c.Update cannot be returned by stale") {
				t.Errorf("the write of the caller's object is not reported:\n%s", o.stdout)
			}
			for _, unwanted := range []string{"app.go:15:", "lib.go"} {
				if strings.Contains(o.stdout, unwanted) {
					t.Errorf("%s is reported:\n%s", unwanted, o.stdout)
				}
			}
		})
	}
}

// TestModfileInGOFLAGS: with -modfile alone in $GOFLAGS every load used
// to fail ("build flag -modfile only valid when using modules"): a go
// command that go/packages runs rejects it. The run now takes the named
// file for go.mod: the module's own go.mod here lacks the requirements and
// replacements, so the load works only if alt.mod is used.
func TestModfileInGOFLAGS(t *testing.T) {
	app := siblingRepo(t)
	mod, err := os.ReadFile(filepath.Join(app, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(app, "alt.mod"), string(mod))
	write(t, filepath.Join(app, "go.mod"), "module example.com/app\n\ngo 1.22\n")
	t.Setenv("GOFLAGS", "-modfile="+filepath.Join(app, "alt.mod"))
	o := conflictlint(t, app, "./...")
	o.want(t, exitFindings)
	if !strings.Contains(o.stdout, "app.go:21:12: conflict from c.Update cannot be returned by stale") {
		t.Errorf("want the finding of a load through alt.mod:\n%s%s", o.stdout, o.stderr)
	}
}
