package fate

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestErrorConstructorShape checks the shape read of another module's
// error constructors, whose bodies a standalone run does not load: a
// New* or Errorf of a package named errors that takes the message first
// and no error builds one; a function that takes an error may give nil.
func TestErrorConstructorShape(t *testing.T) {
	const src = `package errors

func New(message string) error                                   { return nil }
func Errorf(format string, args ...any) error                     { return nil }
func NewWithDetails(message string, details ...interface{}) error { return nil }
func NewIfFailed(message string, err error) error                 { return err }
func NewCode(code int) error                                      { return nil }
func Newline(message string) string                               { return message }
func Wrapf(err error, format string, args ...any) error          { return err }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "errors.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("example.com/errors", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{
		"New": true, "Errorf": true, "NewWithDetails": true,
		"NewIfFailed": false, "NewCode": false, "Newline": false, "Wrapf": false,
	}
	for name, builds := range want {
		fn := pkg.Scope().Lookup(name).(*types.Func)
		if got := isErrorConstructor(fn); got != builds {
			t.Errorf("isErrorConstructor(%s) = %t, want %t", name, got, builds)
		}
	}
}
