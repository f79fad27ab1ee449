package analyzer_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

const module = "github.com/conflictlint/conflictlint"

// layer places a package of the module on one floor of the layering that
// analyzer/doc.go describes: drivers (0) -> suite (1) -> checks (2) -> fix
// and message support (3) -> the model and the directives (4) -> the
// model's parts, the fate and the informer cache (5) -> upstream knowledge
// (6) -> shared helpers (7). Packages outside analyzer/ (commands, plugin,
// test helpers, bench) are drivers. Packages on one floor never import each
// other, except drivers and shared helpers.
func layer(path string) int {
	rel := strings.TrimPrefix(strings.TrimPrefix(path, module), "/")
	switch {
	case rel == "analyzer":
		return 1
	case strings.HasPrefix(rel, "analyzer/internal/"):
		return 7
	case rel == "analyzer/upstream":
		return 6
	case rel == "analyzer/model/fate" || rel == "analyzer/model/cache":
		return 5
	case rel == "analyzer/model" || rel == "analyzer/directives":
		return 4
	case rel == "analyzer/repair":
		return 3
	case strings.HasPrefix(rel, "analyzer/model/"), strings.HasPrefix(rel, "analyzer/upstream/"):
		return -1 // a part of the model that has no floor yet
	case strings.HasPrefix(rel, "analyzer/"):
		return 2
	}
	return 0
}

// TestLayering checks that every import of a project package goes down the
// floors (as go list -deps shows them), and that no check imports another
// check nor the model anything above it.
func TestLayering(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedImports, Dir: ".."}, module+"/...")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, p := range pkgs {
		if strings.Contains(p.PkgPath, "/testdata/") || strings.Contains(p.PkgPath, "/bench/corpus/") {
			continue
		}
		checked++
		for path := range p.Imports {
			if !strings.HasPrefix(path, module) {
				continue
			}
			from, to := layer(p.PkgPath), layer(path)
			if from < 0 || to < 0 {
				t.Errorf("%s or %s has no floor: place it in layer()", p.PkgPath, path)
				continue
			}
			// Drivers may share helpers, and shared helpers each other.
			if to <= from && !(from == to && (from == 0 || from == 7)) {
				t.Errorf("%s (floor %d) imports %s (floor %d): imports must go down", p.PkgPath, from, path, to)
			}
		}
	}
	if checked < 8 {
		t.Fatalf("only %d packages loaded: the test checks too little", checked)
	}
}

// maxProductLines bounds a product file of the analyzers: past it, a file
// holds more than one concern and should be split where the code teaches.
const maxProductLines = 500

// TestProductFileSize keeps every non-test Go file under analyzer/ within
// maxProductLines lines.
func TestProductFileSize(t *testing.T) {
	checked := 0
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		checked++
		if n := bytes.Count(data, []byte("\n")); n > maxProductLines {
			t.Errorf("analyzer/%s has %d lines, more than %d: split it by concern", filepath.ToSlash(p), n, maxProductLines)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 50 {
		t.Errorf("only %d product files found under analyzer/: the walk is broken", checked)
	}
}
