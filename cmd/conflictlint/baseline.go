package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"reflect"
	"slices"
	"strings"
)

// A baseline records findings that exist already, so that a run reports
// only new ones. An entry is keyed by what survives edits elsewhere in the
// code and renames inside it: analyzer, package, enclosing function and the
// shape of the code reported on (local names written "_"), never line
// numbers, file names or message text. Count says how many findings share
// the key; more findings than that are new.
type baseline struct {
	Comment  string          `json:"comment"`
	Version  int             `json:"version"`
	Findings []baselineEntry `json:"findings"`
}

type baselineEntry struct {
	Analyzer string `json:"analyzer"`
	Package  string `json:"package"`
	Function string `json:"function,omitempty"`
	Code     string `json:"code"`
	Count    int    `json:"count,omitempty"` // omitted when 1
}

// baselineVersion 2 keys on the code's shape; version 1 keyed on file and
// message, which a rename changes.
const baselineVersion = 2

const baselineComment = "conflictlint baseline: findings listed here are not reported. Regenerate with conflictlint -write-baseline=FILE; remove entries as the code is fixed."

type baselineKey struct {
	analyzer, pkg, function, code string
}

func keyOf(f *finding) baselineKey {
	// A diagnostic without a range has no code to key on; its message is
	// the next best thing.
	return baselineKey{f.Analyzer.Name, f.PkgPath, f.Func, cmp.Or(f.Shape, f.Message)}
}

func (e baselineEntry) key() baselineKey {
	return baselineKey{e.Analyzer, e.Package, e.Function, e.Code}
}

// newBaseline records findings, sorted, one entry per key.
func newBaseline(findings []*finding) *baseline {
	counts := make(map[baselineKey]int)
	for _, f := range findings {
		counts[keyOf(f)]++
	}
	b := &baseline{Comment: baselineComment, Version: baselineVersion, Findings: []baselineEntry{}}
	for k, n := range counts {
		e := baselineEntry{Analyzer: k.analyzer, Package: k.pkg, Function: k.function, Code: k.code}
		if n > 1 {
			e.Count = n
		}
		b.Findings = append(b.Findings, e)
	}
	slices.SortFunc(b.Findings, func(x, y baselineEntry) int {
		return cmp.Or(
			strings.Compare(x.Package, y.Package),
			strings.Compare(x.Function, y.Function),
			strings.Compare(x.Analyzer, y.Analyzer),
			strings.Compare(x.Code, y.Code),
		)
	})
	return b
}

func (b *baseline) encode() []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // messages hold &obj; keep them readable
	enc.SetIndent("", "  ")
	if err := enc.Encode(b); err != nil {
		panic(err) // plain strings and ints always encode
	}
	return buf.Bytes()
}

func writeBaseline(path string, findings []*finding) error {
	return os.WriteFile(path, newBaseline(findings).encode(), 0o644)
}

func readBaseline(path string) (*baseline, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("baseline file %s does not exist: -write-baseline=%s records the current findings in it", path, path)
	}
	if err != nil {
		return nil, err
	}
	var b baseline
	// The version first: an older baseline has other fields.
	var head map[string]json.RawMessage
	if err := json.Unmarshal(data, &head); err != nil || head == nil {
		return nil, fmt.Errorf("baseline file %s: want a JSON object with a version field (%s)", path, jsonProblem(err, "the file is not an object"))
	}
	version, ok := head["version"]
	if !ok || json.Unmarshal(version, &b.Version) != nil {
		return nil, fmt.Errorf("baseline file %s: want a JSON object with a version field, a whole number; -write-baseline writes one", path)
	}
	switch b.Version {
	case baselineVersion:
	case 1:
		return nil, fmt.Errorf("baseline file %s: a version 1 baseline is keyed on messages, which renames change: record it again with -write-baseline", path)
	default:
		return nil, fmt.Errorf("baseline file %s: unsupported version %d (want %d)", path, b.Version, baselineVersion)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("baseline file %s: %s", path, jsonProblem(err, ""))
	}
	return &b, nil
}

// jsonProblem says what is wrong with a JSON document in the words of
// JSON, where encoding/json names Go types: a syntax error with its
// offset, a value of the wrong kind with its field and the kind wanted,
// an unknown field. Without err it says otherwise.
func jsonProblem(err error, otherwise string) string {
	var syntax *json.SyntaxError
	var kind *json.UnmarshalTypeError
	switch {
	case err == nil:
		return otherwise
	case errors.As(err, &syntax):
		return fmt.Sprintf("not valid JSON at byte %d: %s", syntax.Offset, strings.TrimPrefix(syntax.Error(), "json: "))
	case errors.As(err, &kind):
		where := "the document"
		if kind.Field != "" {
			where = "field " + kind.Field
		}
		return fmt.Sprintf("%s holds a JSON %s, want %s", where, kind.Value, jsonKind(kind.Type))
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return "the JSON ends too early"
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// jsonKind names the JSON value that decodes into t.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "another value"
}

// filter returns the findings that b does not record, and the number of
// recorded findings that no longer occur (entries worth removing). Each
// entry hides at most Count findings, so a second copy of a recorded
// finding in the same function is new.
func (b *baseline) filter(findings []*finding) (fresh []*finding, stale int) {
	left := make(map[baselineKey]int)
	for _, e := range b.Findings {
		left[e.key()] += max(e.Count, 1)
	}
	for _, f := range findings {
		k := keyOf(f)
		if left[k] > 0 {
			left[k]--
			continue
		}
		fresh = append(fresh, f)
	}
	for _, n := range left {
		stale += n
	}
	return fresh, stale
}
