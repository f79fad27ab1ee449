package main

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// The SARIF library writes every property of every object it builds: empty
// arrays, indexes of -1 that mean "none", the schema's defaults spelled
// out. A consumer reads an absent property as its default, so compactSARIF
// leaves those out; the log says the same in about a third of the bytes.

// sarifDefaults are the scalar and array defaults of the SARIF 2.1.0 schema,
// by property name. A name is listed only if every object of the schema
// that has a property of that name and type gives it the same default
// (TestSARIFDefaultsMatchSchema checks this against the schema), so that
// the name alone says the value can go. (A result's kind "fail" is not
// listed: other objects have a kind without a default.)
var sarifDefaults = map[string]any{
	"absoluteAddress":  -1.0,
	"byteOffset":       -1.0,
	"charOffset":       -1.0,
	"enabled":          true,
	"executionOrder":   -1.0,
	"id":               -1.0,
	"importance":       "important",
	"index":            -1.0,
	"invocationIndex":  -1.0,
	"isComprehensive":  false,
	"itemCount":        -1.0,
	"language":         "en-US",
	"level":            "warning",
	"parentIndex":      -1.0,
	"rank":             -1.0,
	"resultGraphIndex": -1.0,
	"ruleIndex":        -1.0,
	"runGraphIndex":    -1.0,
	"newlineSequences": []any{"\r\n", "\n"},
	"contents":         []any{"localizedData", "nonLocalizedData"},
}

// A result's level is kept whatever it is: an absent one does not mean
// warning but the level of its rule's defaultConfiguration (SARIF 2.1.0,
// 3.27.10), error for every rule here, so a result at warning must say so.
const resultsKey = "results"

// keptEmpty are the properties kept even when empty: an empty results
// array says the run found nothing, while an absent one would say that it
// produced no results at all (SARIF 2.1.0, 3.14.23).
var keptEmpty = map[string]bool{resultsKey: true}

// compactSARIF rewrites a SARIF log without the properties that hold their
// default value, empty arrays and empty objects, indented by two spaces,
// with a final newline.
func compactSARIF(log []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(log))
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("re-reading the SARIF log: %v", err)
	}
	v, _ = pruneSARIF("", v)
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false) // & and < in messages stay readable
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// pruneSARIF returns v without its default-valued properties, and whether
// v itself, the value of the property key, is worth writing.
func pruneSARIF(key string, v any) (any, bool) {
	if def, ok := sarifDefaults[key]; ok && jsonEqual(v, def) {
		return nil, false
	}
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if x, keep := pruneSARIF(k, x); keep {
				v[k] = x
			} else {
				delete(v, k)
			}
		}
		return v, len(v) > 0 || keptEmpty[key]
	case []any:
		// Elements are kept whatever they hold: others refer to them by
		// index.
		for i, x := range v {
			v[i] = pruneElement(key, x)
		}
		return v, len(v) > 0 || keptEmpty[key]
	}
	return v, true
}

// pruneElement prunes x, an element of the array under key, keeping the
// level of a result.
func pruneElement(key string, x any) any {
	res, ok := x.(map[string]any)
	level, hasLevel := res["level"]
	if !ok || key != resultsKey || !hasLevel {
		x, _ = pruneSARIF("", x)
		return x
	}
	delete(res, "level")
	pruneSARIF("", res)
	res["level"] = level
	return res
}

// jsonEqual compares two values decoded from JSON (numbers as float64).
func jsonEqual(a, b any) bool {
	switch a := a.(type) {
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !jsonEqual(a[i], b[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		return false // no default is an object
	}
	return a == b
}
