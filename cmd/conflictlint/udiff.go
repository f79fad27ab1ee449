package main

import (
	"bytes"
	"fmt"
	"io"
	"slices"
)

// The unified diff of -fix -diff: one file's old and new text compared
// line by line (Myers' greedy algorithm over the lines that differ, once
// the common head and tail are set aside), in hunks with three lines of
// context, under the headers "--- a/<path>" and "+++ b/<path>" that
// git diff writes, so that git apply (and patch -p1) take it from the
// repository's root.

// diffContext is the number of unchanged lines shown around a change.
const diffContext = 3

type lineOp struct {
	kind   byte // ' ' unchanged, '-' removed, '+' added
	line   string
	ai, bi int // lines of the old and new text before this one
}

// writeUnifiedDiff writes the diff that turns old into new, the file at
// path (slash-separated, relative to the repository root); nothing when
// they are equal.
func writeUnifiedDiff(w io.Writer, path string, old, new []byte) error {
	if bytes.Equal(old, new) {
		return nil
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "--- a/%s\n+++ b/%s\n", path, path)
	ops := diffLines(splitLines(old), splitLines(new))
	for _, h := range hunks(ops) {
		writeHunk(&b, h)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// splitLines splits text after each newline; the last line lacks one when
// the text does not end with it.
func splitLines(text []byte) []string {
	var lines []string
	for len(text) > 0 {
		i := bytes.IndexByte(text, '\n')
		if i < 0 {
			lines = append(lines, string(text))
			break
		}
		lines = append(lines, string(text[:i+1]))
		text = text[i+1:]
	}
	return lines
}

// diffLines returns the edit script from a to b, shortest first.
func diffLines(a, b []string) []lineOp {
	head := 0
	for head < len(a) && head < len(b) && a[head] == b[head] {
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && a[len(a)-1-tail] == b[len(b)-1-tail] {
		tail++
	}
	var ops []lineOp
	for i := range head {
		ops = append(ops, lineOp{' ', a[i], i, i})
	}
	for _, op := range myers(a[head:len(a)-tail], b[head:len(b)-tail]) {
		op.ai += head
		op.bi += head
		ops = append(ops, op)
	}
	for i := tail; i > 0; i-- {
		ai, bi := len(a)-i, len(b)-i
		ops = append(ops, lineOp{' ', a[ai], ai, bi})
	}
	return ops
}

// myers is the shortest edit script from a to b (E. Myers, "An O(ND)
// difference algorithm and its variations", 1986). v[k] is the furthest x
// reached on diagonal k = x-y; the frontier before each step d is kept,
// over the diagonals it can reach, to walk the path back.
func myers(a, b []string) []lineOp {
	n, m := len(a), len(b)
	off := n + m + 1
	v := make([]int, 2*off+1)
	var trace [][]int // trace[d] = v[off-d-1 : off+d+2] before step d
	for d := 0; d <= n+m; d++ {
		trace = append(trace, slices.Clone(v[off-d-1:off+d+2]))
		for k := -d; k <= d; k += 2 {
			x := v[off+k-1] + 1 // from the left: a line of a removed
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1] // from above: a line of b added
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(a, b, trace, n, m)
			}
		}
	}
	return nil // not reached: d = n+m always ends
}

// backtrack walks the path that myers found from (n, m) back to (0, 0)
// and returns its operations in order.
func backtrack(a, b []string, trace [][]int, x, y int) []lineOp {
	var rev []lineOp
	for d := len(trace) - 1; d >= 0; d-- {
		prev := trace[d]
		at := func(k int) int { return prev[k+d+1] }
		k := x - y
		var pk int
		switch {
		case d == 0:
			pk = 0
		case k == -d || k != d && at(k-1) < at(k+1):
			pk = k + 1
		default:
			pk = k - 1
		}
		px := 0
		if d > 0 {
			px = at(pk)
		}
		py := px - pk
		if d > 0 {
			// The snake back to the end of the step's move.
			sx, sy := px, py
			if pk == k+1 {
				sy++ // moved down
			} else {
				sx++ // moved right
			}
			for x > sx && y > sy {
				x, y = x-1, y-1
				rev = append(rev, lineOp{' ', a[x], x, y})
			}
			if pk == k+1 {
				rev = append(rev, lineOp{'+', b[py], px, py})
			} else {
				rev = append(rev, lineOp{'-', a[px], px, py})
			}
			x, y = px, py
			continue
		}
		for x > 0 && y > 0 {
			x, y = x-1, y-1
			rev = append(rev, lineOp{' ', a[x], x, y})
		}
	}
	slices.Reverse(rev)
	return rev
}

// hunks groups ops into hunks: each change with diffContext unchanged
// lines on either side, changes closer than twice that in one hunk.
func hunks(ops []lineOp) [][]lineOp {
	var out [][]lineOp
	for i := 0; i < len(ops); {
		for i < len(ops) && ops[i].kind == ' ' {
			i++
		}
		if i == len(ops) {
			break
		}
		start := max(i-diffContext, 0)
		last := i
		for j := i; j < len(ops); {
			if ops[j].kind != ' ' {
				last = j
				j++
				continue
			}
			r := j
			for r < len(ops) && ops[r].kind == ' ' {
				r++
			}
			if r == len(ops) || r-j > 2*diffContext {
				break
			}
			j = r
		}
		stop := min(last+1+diffContext, len(ops))
		out = append(out, ops[start:stop])
		i = stop
	}
	return out
}

// writeHunk writes one hunk: its header, then its lines. A line without a
// final newline (the last of a file) is followed by git's marker.
func writeHunk(b *bytes.Buffer, h []lineOp) {
	var aCount, bCount int
	for _, op := range h {
		if op.kind != '+' {
			aCount++
		}
		if op.kind != '-' {
			bCount++
		}
	}
	// An empty side is numbered by the line before it.
	aStart, bStart := h[0].ai, h[0].bi
	if aCount > 0 {
		aStart++
	}
	if bCount > 0 {
		bStart++
	}
	fmt.Fprintf(b, "@@ -%d,%d +%d,%d @@\n", aStart, aCount, bStart, bCount)
	for _, op := range h {
		b.WriteByte(op.kind)
		b.WriteString(op.line)
		if len(op.line) == 0 || op.line[len(op.line)-1] != '\n' {
			b.WriteString("\n\\ No newline at end of file\n")
		}
	}
}
