package model

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/internal/truth"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// The loops of a channel watch (see channelwatch.go): where a signalled
// channel is received from, whether its variable is set only from the
// signalled channel or a forwarder of it, and which result of a function
// hands it out.

// addChannelLoops adds a watch of kinds by the owner of each loop of decl
// that receives from ch, a channel variable set from origin (nil: from
// whatever it is first given) and otherwise only from forwarders of it.
func (h *healing) addChannelLoops(info *types.Info, decl *ast.FuncDecl, ch *types.Var, origin ast.Expr, kinds []string) {
	if !h.onlyForwarded(info, decl, ch, origin) {
		return
	}
	for _, body := range receivingLoops(info, decl.Body, ch) {
		owner := methodOwner(info, body)
		for _, kind := range kinds {
			h.addWatch(kind, watch{owner: owner})
		}
	}
}

// onlyForwarded reports whether every value ch is given in decl but its
// first (origin, when not nil) comes from a forwarder of ch: a call of one
// with ch as argument, or a variable given only such calls.
func (h *healing) onlyForwarded(info *types.Info, decl *ast.FuncDecl, ch *types.Var, origin ast.Expr) bool {
	values := assignedValues(info, decl.Body, ch)
	if len(values) == 0 || origin != nil && values[0] != nil && ast.Unparen(values[0]) != origin {
		return false
	}
	for _, v := range values[1:] {
		if !h.forwardsFrom(info, decl, v, ch) {
			return false
		}
	}
	return true
}

// forwardsFrom reports whether e is a forwarder call given ch, or a local
// variable given only such calls.
func (h *healing) forwardsFrom(info *types.Info, decl *ast.FuncDecl, e ast.Expr, ch *types.Var) bool {
	if v := localVar(info, e); v != nil && v != ch {
		values := assignedValues(info, decl.Body, v)
		for _, val := range values {
			if !h.isForwarderCall(info, val, ch) {
				return false
			}
		}
		return len(values) > 0
	}
	return h.isForwarderCall(info, e, ch)
}

// isForwarderCall reports whether e calls a forwarder of the package with
// ch as the channel it reads.
func (h *healing) isForwarderCall(info *types.Info, e ast.Expr, ch *types.Var) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fd := h.declOf(info, upstream.Callee(info, call))
	if fd == nil {
		return false
	}
	in := forwardedParam(info, fd)
	return in >= 0 && in < len(call.Args) && localVar(info, call.Args[in]) == ch
}

// forwardedParam returns the channel parameter whose signals fd, a
// function with one channel result, passes on to the channel it returns:
// every return gives nil or one local channel, and a loop (in fd or in a
// goroutine it starts) sends into that channel on each receive from the
// parameter. It returns -1 for any other function.
func forwardedParam(info *types.Info, fd *ast.FuncDecl) int {
	res := fd.Type.Results
	if fd.Body == nil || res == nil || len(res.List) != 1 || len(res.List[0].Names) > 1 {
		return -1
	}
	out := returnedChannel(info, fd)
	if out == nil {
		return -1
	}
	for i, p := range syntax.ParamVars(info, fd) {
		if !isChan(p.Type()) {
			continue
		}
		for _, body := range receivingLoops(info, fd.Body, p) {
			if sendsInto(info, body, out) {
				return i
			}
		}
	}
	return -1
}

// returnedChannel returns the one local channel fd's returns give (the
// others give nil), or nil.
func returnedChannel(info *types.Info, fd *ast.FuncDecl) *types.Var {
	var ch *types.Var
	ok := syntax.EveryReturn(fd.Body, func(ret *ast.ReturnStmt) bool {
		if len(ret.Results) != 1 || truth.IsNil(ret.Results[0]) {
			return len(ret.Results) == 1
		}
		v := localVar(info, ret.Results[0])
		if v == nil || ch != nil && v != ch {
			return false
		}
		ch = v
		return true
	})
	if !ok || ch == nil || !isChan(ch.Type()) {
		return nil
	}
	return ch
}

// sendsInto reports whether n sends into ch.
func sendsInto(info *types.Info, n ast.Node, ch *types.Var) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if s, ok := n.(*ast.SendStmt); ok && localVar(info, s.Chan) == ch {
			found = true
		}
		return !found
	})
	return found
}

// returnedAt returns the result of decl that every return gives as ch or
// nil, at least one as ch; -1 when there is none.
func returnedAt(info *types.Info, decl *ast.FuncDecl, ch *types.Var) int {
	at := -1
	forReturns(decl.Body, func(ret *ast.ReturnStmt) {
		for i, r := range ret.Results {
			if localVar(info, r) == ch {
				at = i
			}
		}
	})
	if at < 0 || !syntax.EveryReturn(decl.Body, func(ret *ast.ReturnStmt) bool {
		return at < len(ret.Results) && (localVar(info, ret.Results[at]) == ch || truth.IsNil(ret.Results[at]))
	}) {
		return -1
	}
	return at
}

// forReturns calls f with each return statement of body, not those of the
// function literals in it.
func forReturns(body *ast.BlockStmt, f func(*ast.ReturnStmt)) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			f(n)
		}
		return true
	})
}

// keptResult returns the variable that the result at i of call, in decl,
// is kept in.
func keptResult(info *types.Info, decl *ast.FuncDecl, call *ast.CallExpr, i int) *types.Var {
	var v *types.Var
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || v != nil {
			return v == nil
		}
		if len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == call && i < len(as.Lhs) {
			if id, ok := ast.Unparen(as.Lhs[i]).(*ast.Ident); ok {
				v, _ = info.ObjectOf(id).(*types.Var)
			}
		}
		return v == nil
	})
	return v
}

// receivingLoops returns the parts of the loops of body that run on each
// receive from ch: a range loop's body, a select case's clause, or a loop
// body that receives from ch directly. Function literals in a loop run
// elsewhere, so their receives are not the loop's.
func receivingLoops(info *types.Info, body ast.Node, ch *types.Var) []ast.Node {
	var out []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.RangeStmt:
			if localVar(info, n.X) == ch {
				out = append(out, n.Body)
			}
		case *ast.ForStmt:
			out = append(out, receivesIn(info, n.Body, ch)...)
		}
		return true
	})
	return out
}

// receivesIn returns the select cases of loop, a loop's body, that receive
// from ch, or loop itself when one of its statements does.
func receivesIn(info *types.Info, loop *ast.BlockStmt, ch *types.Var) []ast.Node {
	var out []ast.Node
	for _, st := range loop.List {
		if receivesFrom(info, st, ch) {
			return []ast.Node{loop}
		}
	}
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false // their receives are theirs
		case *ast.CommClause:
			if n.Comm != nil && receivesFrom(info, n.Comm, ch) {
				out = append(out, n)
			}
		}
		return true
	})
	return out
}

// receivesFrom reports whether st, a statement, is a receive from ch
// (`<-ch`, `x := <-ch`, `x, ok = <-ch`).
func receivesFrom(info *types.Info, st ast.Stmt, ch *types.Var) bool {
	var e ast.Expr
	switch st := st.(type) {
	case *ast.ExprStmt:
		e = st.X
	case *ast.AssignStmt:
		if len(st.Rhs) == 1 {
			e = st.Rhs[0]
		}
	}
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	return ok && u.Op == token.ARROW && localVar(info, u.X) == ch
}
