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

// returnsDoneAndError reports whether ft is func(...) (bool, error), the
// condition of a wait loop.
func returnsDoneAndError(info *types.Info, ft *ast.FuncType) bool {
	if ft == nil || ft.Results == nil || ft.Results.NumFields() != 2 {
		return false
	}
	var ts []types.Type
	for _, f := range ft.Results.List {
		for range max(len(f.Names), 1) {
			ts = append(ts, info.TypeOf(f.Type))
		}
	}
	return types.Identical(ts[0], types.Typ[types.Bool]) && types.Identical(ts[1], types.Universe.Lookup("error").Type())
}
