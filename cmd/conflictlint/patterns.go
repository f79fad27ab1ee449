package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/module"
)

// patternProblem returns, in the command's own words, why the go command
// would refuse pattern, or "": a directory pattern (./x, ../x/..., an
// absolute path) whose directory does not exist, or a package pattern that
// no import path can match. Both are usage errors (exit status 2), said
// before a load that would only repeat them less clearly.
func patternProblem(pattern string) string {
	if strings.HasSuffix(pattern, ".go") {
		return "" // a list of files, which go list checks itself
	}
	if isDirPattern(pattern) {
		dir, _, _ := strings.Cut(filepath.ToSlash(pattern), "...")
		dir = strings.TrimSuffix(dir, "/")
		if dir == "" {
			dir = "/"
		}
		info, err := os.Stat(filepath.FromSlash(dir))
		switch {
		case err != nil:
			return fmt.Sprintf("%s: no such directory", dir)
		case !info.IsDir():
			return fmt.Sprintf("%s is a file, not a directory: name its package's directory", dir)
		}
		return ""
	}
	// "..." matches any string: check what is around it.
	if err := module.CheckImportPath(strings.ReplaceAll(pattern, "...", "x")); err != nil {
		return fmt.Sprintf("%q is not a package pattern: %v", pattern, unwrapPathError(err))
	}
	return ""
}

// isDirPattern reports whether the go command reads pattern as a
// directory: absolute, or starting with . or .. as an element.
func isDirPattern(pattern string) bool {
	slashed := filepath.ToSlash(pattern)
	return filepath.IsAbs(pattern) || slashed == "." || slashed == ".." ||
		strings.HasPrefix(slashed, "./") || strings.HasPrefix(slashed, "../")
}

// unwrapPathError drops the path that module.CheckImportPath repeats at
// the start of its message.
func unwrapPathError(err error) error {
	if e, ok := err.(*module.InvalidPathError); ok && e.Err != nil {
		return e.Err
	}
	return err
}
