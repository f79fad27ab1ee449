package main

import (
	"bufio"
	"fmt"
	"go/build/constraint"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Files that a //go:build line keeps out of the build are not analyzed,
// as under go vet; tests behind a tag (a kubebuilder project's
// //go:build e2e suite) would be skipped without a word. The run says how
// many such files it left out and which tags would bring them in. Two
// kinds are found: the files go list reports as ignored in a package it
// loaded, and, under a directory pattern such as ./..., the Go files of a
// directory that the pattern left out because constraints exclude every
// one of them (go list drops such a directory silently). Files whose
// constraints name only a platform, a Go release, a compiler, cgo or
// "ignore" are the build working as meant, and are not counted.

// tagged is what the constraints left out.
type tagged struct {
	files int
	dirs  map[string]bool
	tags  map[string]bool // tags that would bring a file in
}

// note is the line that tells of t, or "" when nothing was left out.
func (t tagged) note() string {
	if t.files == 0 {
		return ""
	}
	tags := strings.Join(slices.Sorted(maps.Keys(t.tags)), ",")
	return fmt.Sprintf("%s: %s in %s not analyzed: their //go:build lines need tags that are not set; -tags=%s includes them",
		progname(), plural(t.files, "file", "files"), plural(len(t.dirs), "directory", "directories"), tags)
}

// excludedByTags finds the files of pkgs, and of the directories under
// patterns' ./... roots, that constraints naming tags other than those
// given (and the platform's) left out.
func excludedByTags(pkgs []*packages.Package, patterns []string, given string) tagged {
	t := tagged{dirs: make(map[string]bool), tags: make(map[string]bool)}
	set := make(map[string]bool)
	for _, list := range append(goflagsTags(), given) {
		for _, tag := range strings.Split(list, ",") {
			set[strings.TrimSpace(tag)] = true
		}
	}
	loaded := make(map[string]bool) // directories of loaded packages
	seen := make(map[string]bool)   // files looked at
	var candidates []string
	for _, p := range pkgs {
		for _, f := range p.GoFiles {
			loaded[filepath.Dir(f)] = true
		}
		for _, f := range p.IgnoredFiles {
			if strings.HasSuffix(f, ".go") && !seen[f] {
				seen[f] = true
				candidates = append(candidates, f)
			}
		}
	}
	for _, f := range unloadedGoFiles(patterns, loaded) {
		if !seen[f] {
			seen[f] = true
			candidates = append(candidates, f)
		}
	}
	for _, f := range candidates {
		tags := userTags(buildLine(f), set)
		if len(tags) == 0 {
			continue
		}
		t.files++
		t.dirs[filepath.Dir(f)] = true
		for _, tag := range tags {
			t.tags[tag] = true
		}
	}
	return t
}

// goflagsTags returns the values of -tags in $GOFLAGS, which the go
// command applies as well.
func goflagsTags() []string {
	var out []string
	for _, f := range strings.Fields(os.Getenv("GOFLAGS")) {
		f = strings.TrimLeft(f, "-")
		if v, ok := strings.CutPrefix(f, "tags="); ok {
			out = append(out, v)
		}
	}
	return out
}

// modfileAsBuildFlag moves -modfile from $GOFLAGS to cfg's build flags.
// go/packages runs a go command outside module mode (its query of the Go
// version), which rejects -modfile in the environment, so that every load
// failed (golang/go#48482); build flags go only to go list, which takes it.
func modfileAsBuildFlag(cfg *packages.Config) {
	var kept, moved []string
	for _, f := range strings.Fields(os.Getenv("GOFLAGS")) {
		name, _, _ := strings.Cut(strings.TrimLeft(f, "-"), "=")
		if name == "modfile" {
			moved = append(moved, f)
		} else {
			kept = append(kept, f)
		}
	}
	if len(moved) == 0 {
		return
	}
	cfg.Env = append(os.Environ(), "GOFLAGS="+strings.Join(kept, " "))
	cfg.BuildFlags = append(cfg.BuildFlags, moved...)
}

// unloadedGoFiles lists the Go files of the directories under the
// directory patterns ending in /... (./..., ./test/...) that are not among
// loaded, walking as the go command matches such a pattern: not into
// directories whose names begin with . or _, testdata, vendor, or another
// module.
func unloadedGoFiles(patterns []string, loaded map[string]bool) []string {
	var out []string
	for _, pat := range patterns {
		root, ok := strings.CutSuffix(pat, "/...")
		if !ok || !(root == "." || root == ".." || strings.HasPrefix(root, "./") || strings.HasPrefix(root, "../") || filepath.IsAbs(root)) {
			continue
		}
		root, err := filepath.Abs(root)
		if err != nil {
			continue
		}
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // unreadable: go list says so, if it matters
			}
			if !d.IsDir() {
				if strings.HasSuffix(path, ".go") && !loaded[filepath.Dir(path)] {
					out = append(out, path)
				}
				return nil
			}
			if path == root {
				return nil
			}
			name := d.Name()
			if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "vendor" {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir
			}
			return nil
		})
	}
	return out
}

// buildLine returns the //go:build line of the file name, or "": it is
// among the comments before the package clause.
func buildLine(name string) string {
	f, err := os.Open(name)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if constraint.IsGoBuild(line) {
			return line
		}
		if strings.HasPrefix(line, "package ") {
			break
		}
	}
	return ""
}

// userTags returns the tags of the constraint line that a user sets with
// -tags: not a platform's, a release's, a compiler's, cgo, ignore, nor one
// of set.
func userTags(line string, set map[string]bool) []string {
	if line == "" {
		return nil
	}
	expr, err := constraint.Parse(line)
	if err != nil {
		return nil
	}
	var tags []string
	var walk func(constraint.Expr)
	walk = func(e constraint.Expr) {
		switch e := e.(type) {
		case *constraint.TagExpr:
			if !set[e.Tag] && !builtinTag(e.Tag) && !slices.Contains(tags, e.Tag) {
				tags = append(tags, e.Tag)
			}
		case *constraint.NotExpr:
			walk(e.X)
		case *constraint.AndExpr:
			walk(e.X)
			walk(e.Y)
		case *constraint.OrExpr:
			walk(e.X)
			walk(e.Y)
		}
	}
	walk(expr)
	return tags
}

var releaseTag = regexp.MustCompile(`^go1\.[0-9]+$`)

// builtinTag reports whether the go command sets tag by itself on some
// platform, or whether it is the conventional "ignore".
func builtinTag(tag string) bool {
	return knownTags[tag] || releaseTag.MatchString(tag)
}

// knownTags are the operating systems and architectures of go tool dist
// list, and the tags of compilers, cgo and the ignore convention.
var knownTags = func() map[string]bool {
	m := make(map[string]bool)
	for _, tag := range strings.Fields(`
		aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos unix
		386 amd64 amd64p32 arm arm64 arm64be armbe loong64 mips mips64 mips64le mips64p32 mips64p32le mipsle ppc ppc64 ppc64le
		riscv riscv64 s390 s390x sparc sparc64 wasm
		gc gccgo cgo ignore`) {
		m[tag] = true
	}
	return m
}()
