package typeinfo_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/typeinfo"
)

const exposedSrc = `package p

type Exported struct {
	field   hiddenField
	Out     byField
	*embedded
}
type embedded struct{}
type byField struct{}
type hiddenField struct{}

func New() *byResult               { return nil }
func Each(f func(*byParam))        {}
func Handler() Runner              { return hidden{} }
func Gen[T constraint]() List[byArg] { return nil }

type byResult struct{}
type byParam struct{}
type byArg struct{}
type constraint interface{ Get() byConstraint }
type byConstraint struct{}
type List[T any] []T

type Runner interface{ Run() byMethod }
type byMethod struct{}
type hidden struct{}

func (hidden) Run() byMethod { return byMethod{} }

var Default = &byVar{}
type byVar struct{}

type Alias = aliased
type aliased struct{}

const C kind = 1
type kind int

func (Exported) Next() byExportedMethod    { return byExportedMethod{} }
func (Exported) next() byUnexportedMethod  { return byUnexportedMethod{} }
type byExportedMethod struct{}
type byUnexportedMethod struct{}
`

// TestExposedTypes checks which of a package's types its exported API
// lets an importer name or hold: through fields (exported, or embedded),
// results, function parameters, type arguments and constraints,
// interfaces' method results, exported methods, variables, aliases and
// constants; not through unexported fields or methods, nor a type handed
// out only as an interface.
func TestExposedTypes(t *testing.T) {
	pkg := checkPackage(t, exposedSrc)
	exposed := typeinfo.ExposedTypes(pkg)
	want := []string{"Exported", "embedded", "byField", "byResult", "byParam", "byArg", "constraint",
		"byConstraint", "List", "Runner", "byMethod", "byVar", "aliased", "kind", "byExportedMethod"}
	for _, name := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if got := exposed[tn]; got != slices.Contains(want, name) {
			t.Errorf("exposed[%s] = %v, want %v", name, got, !got)
		}
	}
}

// TestExportImportable checks that a pass wrapped by ExportImportable
// drops a fact on a method of an unexposed type and keeps the others, and
// gets its own export function back.
func TestExportImportable(t *testing.T) {
	pkg := checkPackage(t, exposedSrc)
	var got []string
	pass := &analysis.Pass{Pkg: pkg, ExportObjectFact: func(obj types.Object, _ analysis.Fact) { got = append(got, obj.Name()) }}
	exposure, restore := typeinfo.ExportImportable(pass)
	method := func(typ, name string) types.Object {
		obj, _, _ := types.LookupFieldOrMethod(pkg.Scope().Lookup(typ).Type(), true, pkg, name)
		return obj
	}
	pass.ExportObjectFact(method("hidden", "Run"), nil)
	pass.ExportObjectFact(method("Exported", "Next"), nil)
	pass.ExportObjectFact(pkg.Scope().Lookup("New"), nil)
	pass.ExportObjectFact(method("Runner", "Run"), nil)
	restore()
	pass.ExportObjectFact(method("hidden", "Run"), nil)
	if exposure.Importable(method("hidden", "Run")) || !exposure.Importable(method("Exported", "Next")) {
		t.Error("Importable disagrees with the facts ExportImportable passed on")
	}
	if want := []string{"Next", "New", "Run", "Run"}; !slices.Equal(got, want) {
		t.Errorf("exported facts on %q, want %q", got, want)
	}
}

func checkPackage(t *testing.T, src string) *types.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}
