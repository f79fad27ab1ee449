package listermutation

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/fixes"
)

// fix inserts `v = v.DeepCopy()` right after the statement that read v
// from the cache (or as the first statement of the range loop that did),
// when that is safe: v is a local pointer variable whose type has a
// DeepCopy method returning the same type (generated DeepCopy methods
// return nil for nil, so a failed read stays nil), and the read is a
// statement of its own in a block, so nothing can use v between the read
// and the copy.
func (c *checker) fix(s *source) (analysis.SuggestedFix, bool) {
	if s.v == nil || s.stmt == nil || !hasDeepCopy(s.v.Type()) || s.v.Parent() == nil || s.v.Parent() == c.pass.Pkg.Scope() {
		return analysis.SuggestedFix{}, false
	}
	line := fmt.Sprintf("%s = %s.DeepCopy()", s.v.Name(), s.v.Name())
	var pos token.Pos
	var indent string
	switch st := s.stmt.(type) {
	case *ast.RangeStmt:
		if len(st.Body.List) == 0 {
			return analysis.SuggestedFix{}, false
		}
		pos = st.Body.Lbrace + 1
		var ok bool
		if indent, ok = c.indentOf(st.Body.List[0]); !ok {
			return analysis.SuggestedFix{}, false
		}
	case *ast.AssignStmt:
		if !c.inBlock(st) {
			return analysis.SuggestedFix{}, false
		}
		pos = st.End()
		var ok bool
		if indent, ok = c.indentOf(st); !ok {
			return analysis.SuggestedFix{}, false
		}
	default:
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("copy %s with DeepCopy right after the read", s.v.Name()),
		TextEdits: []analysis.TextEdit{{Pos: pos, End: pos, NewText: []byte("\n" + indent + line)}},
	}, true
}

// indentOf returns the blanks before s on its line, when s starts the line.
func (c *checker) indentOf(s ast.Stmt) (string, bool) {
	src, off, ok := fixes.Content(c.pass, s.Pos())
	if !ok {
		return "", false
	}
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	indent := string(src[start:off])
	if len(bytes.TrimSpace([]byte(indent))) != 0 {
		return "", false
	}
	return indent, true
}

// inBlock reports whether s is a statement of a block (not an if, switch
// or for header).
func (c *checker) inBlock(s ast.Stmt) bool {
	found := false
	for _, f := range c.pass.Files {
		if f.FileStart > s.Pos() || s.Pos() >= f.FileEnd {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if found || n == nil || n.Pos() > s.Pos() || n.End() < s.End() {
				return false
			}
			var list []ast.Stmt
			switch b := n.(type) {
			case *ast.BlockStmt:
				list = b.List
			case *ast.CaseClause:
				list = b.Body
			case *ast.CommClause:
				list = b.Body
			}
			for _, x := range list {
				if x == s {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// hasDeepCopy reports whether t is a pointer type with a method
// DeepCopy() t.
func hasDeepCopy(t types.Type) bool {
	if _, ok := t.Underlying().(*types.Pointer); !ok {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "DeepCopy")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), t)
}
