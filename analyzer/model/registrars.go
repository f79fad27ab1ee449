package model

import (
	"go/ast"
	"go/types"
	"time"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
)

// A project may register its handlers through a function of its own that
// takes the handler as a parameter and adds it to an informer it picks
// (NGINX's ingress controller: `nsi.addIngressHandler(createIngressHandlers(lbc))`,
// the method an `AddEventHandler(handlers)` of its parameter on the
// Ingress informer). Each call of the registrar is then a registration of
// its argument on that informer, read as a direct one is.

// registrar is a function of the package that registers its parameter
// param as a handler, so.
type registrar struct {
	param int
	reg   registration
}

// noteRegistrationWrapper records decl as a registrar when the handler
// arg it registers is one of its parameters, and reports whether it is.
func (h *healing) noteRegistrationWrapper(info *types.Info, arg ast.Expr, decl *ast.FuncDecl, reg registration) bool {
	if decl == nil {
		return false
	}
	v := localVar(info, arg)
	i := paramIndex(info, decl, v)
	fn, _ := info.Defs[decl.Name].(*types.Func)
	if i < 0 || fn == nil {
		return false
	}
	if h.registrars == nil {
		h.registrars = map[*types.Func]registrar{}
	}
	h.registrars[fn] = registrar{param: i, reg: reg}
	return true
}

// noteWrappedRegistrations records, once every registrar is known, the
// watch of each handler that a call of one registers.
func (h *healing) noteWrappedRegistrations(info *types.Info, calls []call) {
	if len(h.registrars) == 0 {
		return
	}
	for _, c := range calls {
		r, ok := h.registrars[c.callee.Origin()]
		if ok && r.param < len(c.expr.Args) {
			h.noteRegistered(info, c.expr.Args[r.param], r.reg)
		}
	}
}

// registration is what a handler registration says of the handler's
// watch: the informer's kind ("": not known) and the registration's own
// resync period (-1: none given, the informer's default; 0: off or not a
// constant).
type registration struct {
	kind   string
	period time.Duration
}

// noteRegistered records the watch of the handler arg registered so.
func (h *healing) noteRegistered(info *types.Info, arg ast.Expr, reg registration) {
	lit, filtered := updateHandler(info, h.handlerMaker(info, arg))
	if lit == nil {
		return
	}
	owner := h.updateOwner(info, lit)
	if owner == nil {
		return
	}
	runs := h.dispatchedRuns(info, syntax.FieldValue(lit, "UpdateFunc"))
	h.addWatch(reg.kind, watch{owner: owner, filtered: filtered, runs: runs})
	switch {
	case runs != nil:
		// a resync runs the same dispatch, not every method of owner
	case reg.period < 0:
		h.resynced[owner] = true
	case reg.period > 0 && (h.ownResync[owner] == 0 || reg.period < h.ownResync[owner]):
		h.ownResync[owner] = reg.period
	}
}
