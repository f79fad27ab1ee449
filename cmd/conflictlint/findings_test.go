package main_test

// This file turns the outputs of the drivers, and expected.txt, into
// comparable findings.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/conflictlint/conflictlint/internal/expected"
)

// A finding is one reported diagnostic, reduced to what expected.txt
// pins down.
type finding = expected.Finding

// jsonDiagnostic is the part of a go/analysis JSON diagnostic we check.
type jsonDiagnostic struct {
	Posn    string            `json:"posn"`
	Message string            `json:"message"`
	Fixes   []json.RawMessage `json:"suggested_fixes"`
}

// forEachResult walks the JSON printed with -json: one object for the
// standalone checker, one object per package under go vet, each mapping
// package ID to analyzer name to a list of diagnostics or {"error": "..."}.
// visit is called for every analyzer's diagnostics on every package; an
// analysis error is collected and returned at the end.
func forEachResult(data []byte, visit func(analyzer string, diags []jsonDiagnostic) error) error {
	var analysisErrs []error
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err == io.EOF {
			break
		} else if err != nil {
			return fmt.Errorf("decoding JSON output: %v", err)
		}
		for pkg, byAnalyzer := range tree {
			for analyzer, raw := range byAnalyzer {
				diags, err := decodeResult(raw)
				if err != nil {
					analysisErrs = append(analysisErrs, fmt.Errorf("%s: %s: %v", pkg, analyzer, err))
					continue
				}
				if err := visit(analyzer, diags); err != nil {
					return err
				}
			}
		}
	}
	return errors.Join(analysisErrs...)
}

// parseJSONStream reads the findings of a -json run; an analysis error is
// returned with them.
func parseJSONStream(data []byte, dir string) ([]finding, error) {
	var fs []finding
	err := forEachResult(data, func(analyzer string, diags []jsonDiagnostic) error {
		for _, d := range diags {
			f, err := parsePosn(d.Posn, dir)
			if err != nil {
				return err
			}
			f.Analyzer = analyzer
			fs = append(fs, f)
		}
		return nil
	})
	return fs, err
}

// decodeResult decodes the result of one analyzer on one package.
func decodeResult(raw json.RawMessage) ([]jsonDiagnostic, error) {
	var failure struct {
		Err string `json:"error"`
	}
	if bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
		if err := json.Unmarshal(raw, &failure); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("analysis failed: %s", failure.Err)
	}
	var diags []jsonDiagnostic
	err := json.Unmarshal(raw, &diags)
	return diags, err
}

// textLine is a diagnostic line of the text output: "file.go:12:3: message".
// Related information is printed in the same form with a message that
// starts with a tab.
var textLine = regexp.MustCompile(`^(.+\.go:[0-9]+:[0-9]+): (.*)$`)

// parseText reads diagnostics printed as text on stderr, by the standalone
// checker or by go vet. It skips related information and go vet's "# pkg"
// headers; any other line (a panic, a type error) is an error.
func parseText(data []byte, dir string) ([]finding, error) {
	var fs []finding
	var stray []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "\t") {
			continue // the standalone command's related position of the finding before it
		}
		m := textLine.FindStringSubmatch(line)
		if m == nil {
			stray = append(stray, line)
			continue
		}
		if strings.HasPrefix(m[2], "\t") {
			continue // related information of the previous diagnostic
		}
		f, err := parsePosn(m[1], dir)
		if err != nil {
			return nil, err
		}
		fs = append(fs, f)
	}
	if len(stray) > 0 {
		return nil, fmt.Errorf("output has lines that are not diagnostics:\n%s", strings.Join(stray, "\n"))
	}
	return fs, sc.Err()
}

// parsePosn parses "file.go:LINE:COL" (or "file.go:LINE") and makes the
// file relative to dir. The file may be absolute, or relative to dir as go
// vet prints it (with or without a leading "./").
func parsePosn(posn, dir string) (finding, error) {
	rest, last, ok := cutLast(posn, ":")
	if !ok {
		return finding{}, fmt.Errorf("position %q has no line", posn)
	}
	if file, line, ok := cutLast(rest, ":"); ok && !strings.HasSuffix(rest, ".go") {
		rest, last = file, line // drop the column
	}
	line, err := strconv.Atoi(last)
	if err != nil {
		return finding{}, fmt.Errorf("position %q: bad line: %v", posn, err)
	}
	rel, err := relativeTo(dir, rest)
	if err != nil {
		return finding{}, fmt.Errorf("position %q: %v", posn, err)
	}
	return finding{Path: rel, Line: line}, nil
}

func cutLast(s, sep string) (before, after string, found bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// relativeTo returns file relative to dir, slash-separated. It fails for a
// file outside dir: a finding in a dependency is never expected.
func relativeTo(dir, file string) (string, error) {
	if filepath.IsAbs(file) {
		if resolved, err := filepath.EvalSymlinks(file); err == nil {
			file = resolved
		}
		rel, err := filepath.Rel(dir, file)
		if err != nil {
			return "", err
		}
		file = rel
	}
	file = filepath.ToSlash(filepath.Clean(file))
	if file == ".." || strings.HasPrefix(file, "../") {
		return "", fmt.Errorf("file is outside the example module %s", dir)
	}
	return file, nil
}
