package fixes

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

const kitSrc = `package p

import "time"

type T struct{ N int; S []int }

func f() int { return 1 }

func g(t *T, ch chan int) {
	t.N = int(int64(len(t.S)))
	t.S = append(t.S, t.N)
	t.N = f()
	t.N = <-ch
	_ = func() int { return 0 }
	if err := h(); err != nil {
		return
	}
	select {
	case <-ch:
		t.N = 2
	}
}

func h() error { return nil }

func clock(tm *time.Time) {
	_ = time.Now().UTC().Format(time.RFC3339)
	_ = time.Since(*tm).Seconds()
	_ = tm.UnmarshalText(nil)
	_ = tm.Add(time.Duration(f())).Unix()
}
`

// kit type-checks kitSrc and returns what the tests need.
func kit(t *testing.T) (*analysis.Pass, *ast.File, *inspector.Inspector) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", kitSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	pass := &analysis.Pass{
		Fset: fset, Files: []*ast.File{file}, Pkg: pkg, TypesInfo: info,
		ReadFile: func(string) ([]byte, error) { return []byte(kitSrc), nil },
	}
	return pass, file, inspector.New([]*ast.File{file})
}

// body returns the statements of g.
func body(file *ast.File) []ast.Stmt {
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "g" {
			return fd.Body.List
		}
	}
	return nil
}

func TestSideEffectFree(t *testing.T) {
	pass, file, _ := kit(t)
	stmts := body(file)
	for i, want := range []bool{true, true, false, false, false} {
		rhs := stmts[i].(*ast.AssignStmt).Rhs[0]
		if got := SideEffectFree(pass.TypesInfo, rhs); got != want {
			t.Errorf("SideEffectFree(%s) = %v, want %v", types.ExprString(rhs), got, want)
		}
	}
}

func TestMentions(t *testing.T) {
	pass, file, _ := kit(t)
	stmts := body(file)
	param := pass.Pkg.Scope().Lookup("g").(*types.Func).Signature().Params().At(0)
	if !Mentions(pass.TypesInfo, stmts[0], param) {
		t.Error("the first statement uses t")
	}
	if Mentions(pass.TypesInfo, stmts[4], param) {
		t.Error("the function literal does not mention t")
	}
	errVar := pass.TypesInfo.Defs[stmts[5].(*ast.IfStmt).Init.(*ast.AssignStmt).Lhs[0].(*ast.Ident)]
	if !Mentions(pass.TypesInfo, stmts[5].(*ast.IfStmt).Init, errVar) {
		t.Error("a definition is a mention")
	}
}

func TestEnclosingStmt(t *testing.T) {
	_, file, in := kit(t)
	stmts := body(file)
	for cur := range in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "h" {
			continue
		}
		at, list, i, ok := EnclosingStmt(cur)
		if !ok || at.Node() != stmts[5] || i != 5 || len(list) != len(stmts) {
			t.Errorf("EnclosingStmt(h()) = %T at %d, %v; want the if statement at 5", at.Node(), i, ok)
		}
	}
	// A statement in a select clause sits in the clause's list.
	sel := stmts[6].(*ast.SelectStmt).Body.List[0].(*ast.CommClause)
	for cur := range in.Root().Preorder((*ast.AssignStmt)(nil)) {
		if cur.Node() == sel.Body[0] {
			if _, list, i, ok := EnclosingStmt(cur); !ok || i != 0 || len(list) != 1 {
				t.Errorf("EnclosingStmt in a select clause = %d, %v", i, ok)
			}
		}
	}
	// Nothing encloses a function declaration.
	for cur := range in.Root().Preorder((*ast.FuncDecl)(nil)) {
		if _, _, _, ok := EnclosingStmt(cur); ok {
			t.Error("EnclosingStmt found a statement around a declaration")
		}
		break
	}
}

func TestLineIndent(t *testing.T) {
	pass, file, _ := kit(t)
	first := body(file)[0].(*ast.AssignStmt)
	if indent, alone := LineIndent(pass, first.Pos()); indent != "\t" || !alone {
		t.Errorf("LineIndent at a statement = %q, %v; want a tab, alone", indent, alone)
	}
	if indent, alone := LineIndent(pass, first.Rhs[0].Pos()); indent != "\t" || alone {
		t.Errorf("LineIndent inside a line = %q, %v; want a tab, not alone", indent, alone)
	}
}

func TestAssigns(t *testing.T) {
	pass, file, _ := kit(t)
	stmts := body(file)
	all := func(ast.Expr) bool { return true }
	none := func(ast.Expr) bool { return false }
	if !Assigns(pass.TypesInfo, stmts[0].(*ast.AssignStmt), all) {
		t.Error("t.N = int(int64(len(t.S))) stores a side-effect-free value")
	}
	if Assigns(pass.TypesInfo, stmts[0].(*ast.AssignStmt), none) {
		t.Error("Assigns ignored the target")
	}
	if Assigns(pass.TypesInfo, stmts[2].(*ast.AssignStmt), all) {
		t.Error("t.N = f() calls f")
	}
	if Assigns(pass.TypesInfo, stmts[5].(*ast.IfStmt).Init.(*ast.AssignStmt), all) {
		t.Error("err := h() declares")
	}
}

// A clock read, and a value computed from a time, may be evaluated again;
// a pointer method of a time changes it, and an ordinary call stays a call.
func TestSideEffectFreeClock(t *testing.T) {
	pass, file, _ := kit(t)
	var stmts []ast.Stmt
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "clock" {
			stmts = fd.Body.List
		}
	}
	for i, want := range []bool{true, true, false, false} {
		rhs := stmts[i].(*ast.AssignStmt).Rhs[0]
		if got := SideEffectFree(pass.TypesInfo, rhs); got != want {
			t.Errorf("SideEffectFree(%s) = %v, want %v", types.ExprString(rhs), got, want)
		}
	}
}
