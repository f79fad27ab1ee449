package unretriedupdate

import (
	"github.com/conflictlint/conflictlint/analyzer/model"
	"go/ast"
	"go/types"
)

// returnerSites returns the calls of functions that return a write's
// Conflict error (found by the model in this package, or known from facts
// about other packages): the error may be lost there.
//
// A returner that reads the object it writes itself (no parameter holds
// it) and that the package also runs inside a retry scope is skipped: a
// Conflict lost at one call (an event handler that only logs) is recovered
// when the retry loop runs the same function again, the level-triggered
// resync design. A helper that writes whatever object it is given is not:
// retrying one call of it says nothing of another's object.
func (c *checker) returnerSites() []site {
	retried := make(map[*types.Func]bool)
	for _, rc := range c.res.ReturnerCalls() {
		if c.res.Returners()[rc.Callee].Param < 0 && c.res.ScopeOf(c.res.CursorOf(rc)) != nil {
			retried[rc.Callee] = true
		}
	}
	var sites []site
	for _, rc := range c.res.ReturnerCalls() {
		if retried[rc.Callee] {
			continue
		}
		r := c.res.Returners()[rc.Callee]
		s := site{call: rc.Call, cursor: c.res.CursorOf(rc), object: objectArg(rc.Call, r.Param), inner: r.Inner, where: r.Where, replaced: r.Replaced, kind: objectArgType(c.pass.TypesInfo, rc.Call, r)}
		sites = append(sites, s)
		if c.mode == Propagate {
			// Each other drop of the chains is lost where this call's
			// error is, and reported at the drop (see replaced.go).
			for _, also := range r.AlsoReplaced {
				s.replaced = also
				sites = append(sites, s)
			}
		}
	}
	return sites
}

// objectArg names the object passed to a returner, or "the object".
func objectArg(call *ast.CallExpr, i int) string {
	if i < 0 || i >= len(call.Args) {
		return "the object"
	}
	e := ast.Unparen(call.Args[i])
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = u.X
	}
	return types.ExprString(e)
}

// objectArgType returns the type of the object a returner r writes: its
// argument's at call, or else the inner write's, or the type the chain
// knows (a helper that builds the object), or nil.
func objectArgType(info *types.Info, call *ast.CallExpr, r model.Returner) types.Type {
	if r.Param >= 0 && r.Param < len(call.Args) {
		return info.TypeOf(call.Args[r.Param])
	}
	if r.Inner != nil && r.Inner.Object.Expr != nil {
		return info.TypeOf(r.Inner.Object.Expr)
	}
	return r.Kind
}
