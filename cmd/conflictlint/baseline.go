package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
)

// A baseline records findings that exist already, so that a run reports
// only new ones. An entry is keyed by what survives unrelated edits:
// analyzer, file, enclosing function and message, never line numbers.
// Count says how many findings share the key.
type baseline struct {
	Comment  string          `json:"comment"`
	Version  int             `json:"version"`
	Findings []baselineEntry `json:"findings"`
}

type baselineEntry struct {
	Analyzer string `json:"analyzer"`
	File     string `json:"file"`
	Function string `json:"function,omitempty"`
	Message  string `json:"message"`
	Count    int    `json:"count,omitempty"` // omitted when 1
}

const baselineComment = "conflictlint baseline: findings listed here are not reported. Regenerate with conflictlint -write-baseline=FILE; remove entries as the code is fixed."

type baselineKey struct {
	analyzer, file, function, message string
}

func keyOf(f *finding) baselineKey {
	return baselineKey{f.Analyzer.Name, f.File, f.Func, f.Message}
}

func (e baselineEntry) key() baselineKey {
	return baselineKey{e.Analyzer, e.File, e.Function, e.Message}
}

// newBaseline records findings, sorted, one entry per key.
func newBaseline(findings []*finding) *baseline {
	counts := make(map[baselineKey]int)
	for _, f := range findings {
		counts[keyOf(f)]++
	}
	b := &baseline{Comment: baselineComment, Version: 1, Findings: []baselineEntry{}}
	for k, n := range counts {
		e := baselineEntry{Analyzer: k.analyzer, File: k.file, Function: k.function, Message: k.message}
		if n > 1 {
			e.Count = n
		}
		b.Findings = append(b.Findings, e)
	}
	slices.SortFunc(b.Findings, func(x, y baselineEntry) int {
		return cmp.Or(
			strings.Compare(x.File, y.File),
			strings.Compare(x.Function, y.Function),
			strings.Compare(x.Analyzer, y.Analyzer),
			strings.Compare(x.Message, y.Message),
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
	if err != nil {
		return nil, err
	}
	var b baseline
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if b.Version != 1 {
		return nil, fmt.Errorf("%s: unsupported baseline version %d (want 1)", path, b.Version)
	}
	return &b, nil
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
