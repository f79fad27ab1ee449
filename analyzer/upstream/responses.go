package upstream

import "go/types"

// Upstream types through which an HTTP handler answers its request. A
// failure given to a call that also receives one of them (http.Error(w,
// err.Error(), code), a project's ErrorResponse(w, r, err), gin's
// c.JSON(code, body)) is sent back to the requester: a person or client
// learns of it, and nothing in the server writes again.

// ResponseTypes are the answering handles, by package and type name; a
// pointer to one counts too.
var ResponseTypes = map[FuncKey]bool{
	{"net/http", "ResponseWriter"}:                    true,
	{"github.com/gin-gonic/gin", "Context"}:           true,
	{"github.com/emicklei/go-restful/v3", "Response"}: true,
	{"github.com/emicklei/go-restful", "Response"}:    true,
}

// IsResponseHandle reports whether t is one of ResponseTypes, or a pointer
// to one.
func IsResponseHandle(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return ResponseTypes[FuncKey{Pkg: n.Obj().Pkg().Path(), Name: n.Obj().Name()}]
}
