package retryreget

import (
	"go/ast"
	"go/types"
)

// returnsOnlyError reports whether the function type is `func(...) error`,
// so that what it returns is what the retry tests.
func returnsOnlyError(info *types.Info, ft *ast.FuncType) bool {
	if ft == nil || ft.Results == nil || ft.Results.NumFields() != 1 {
		return false
	}
	return types.Identical(info.TypeOf(ft.Results.List[0].Type), types.Universe.Lookup("error").Type())
}
