package model

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// A controller may hear of its kinds' changes through a channel: the
// handler registered on each informer sends a signal into a channel on
// every update, and a loop that receives from that channel runs the
// controller again (traefik's providers: `&k8s.ResourceEventHandler{Ev:
// eventCh}` added to every informer, eventCh returned by WatchAll, and a
// provider's loop that rebuilds every status on each signal). That is a
// watch of each kind the handler is registered for, by the type whose
// methods the loop runs on a signal, as an UpdateFunc's method is.
//
// The evidence, followed by value inside a function and by facts across
// functions and packages:
//   - a signalling handler: a struct whose OnUpdate method sends into a
//     channel field of its receiver (itself, or through a function of its
//     package that sends into its channel parameter), or a handler
//     literal whose UpdateFunc sends into a channel variable. SignalsFact
//     marks the field for importers;
//   - its registration on an informer of a known kind, with a channel
//     variable of the registering function;
//   - that variable received from in a loop of the same function, or
//     returned (SignalChannelFact on the function, and on the method of
//     an interface whose one implementation in the package it is) and
//     received from in a loop where a call's result is kept;
//   - the variable set nowhere else, but from a forwarder of itself: a
//     function of the package that passes each signal it receives on to
//     the channel it returns (a throttle), dropping one only where the
//     channel already holds one.
//
// As with an UpdateFunc, a condition before the send is not judged (the
// handler does something on a change); unlike it, the informer's resync
// is not counted, since such handlers commonly drop the resync's updates
// of an unchanged resourceVersion.

// signalResult is a function's result that gets a signal on every change
// of the kinds.
type signalResult struct {
	result int
	kinds  []string
}

// channelWatches gathers a package's channel watches while its calls are
// noted, and finds their loops once every call is.
type channelWatches struct {
	// fields are the package's signalling fields, found when a
	// registration first needs them.
	fields map[*types.Var]bool
	// fed are, per function declaration, its channel variables that a
	// registered handler signals, with the kinds of its informers.
	fed map[*ast.FuncDecl]map[*types.Var][]string
	// takers are the calls of the package's functions (or of those with
	// a SignalChannelFact) that return a channel.
	takers []chanCall
}

// chanCall is a call that returns a channel, in the declaration decl.
type chanCall struct {
	call *ast.CallExpr
	decl *ast.FuncDecl
	fn   *types.Func
}

// noteChannelTaker keeps call for findChannelLoops when fn may return a
// signalled channel: a function of the package around it that returns a
// channel, or one with a SignalChannelFact.
func (h *healing) noteChannelTaker(info *types.Info, call *ast.CallExpr, fn *types.Func, decl *ast.FuncDecl) {
	if decl == nil || !returnsChannel(fn) {
		return
	}
	own, _ := info.Defs[decl.Name].(*types.Func)
	if own == nil || own.Pkg() != fn.Pkg() {
		if h.signalResultOf == nil {
			return
		}
		if _, ok := h.signalResultOf(fn); !ok {
			return
		}
	}
	h.channels.takers = append(h.channels.takers, chanCall{call: call, decl: decl, fn: fn})
}

func returnsChannel(fn *types.Func) bool {
	res := fn.Signature().Results()
	for i := range res.Len() {
		if _, ok := res.At(i).Type().Underlying().(*types.Chan); ok {
			return true
		}
	}
	return false
}

// noteSignalHandler records the registration call, of a signalling
// handler on an informer, in decl, and reports whether the handler is one.
func (h *healing) noteSignalHandler(info *types.Info, call *ast.CallExpr, decl *ast.FuncDecl) bool {
	if decl == nil {
		return false
	}
	ch := h.signalledChannel(info, decl, call.Args[0])
	if ch == nil {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return true
	}
	if kind := h.informers.of(sel.X); kind != "" {
		c := &h.channels
		if c.fed == nil {
			c.fed = map[*ast.FuncDecl]map[*types.Var][]string{}
		}
		if c.fed[decl] == nil {
			c.fed[decl] = map[*types.Var][]string{}
		}
		c.fed[decl][ch] = append(c.fed[decl][ch], kind)
	}
	return true
}

// signalledChannel returns the channel variable of decl that handler, a
// handler value or a local variable given one value, signals on update.
func (h *healing) signalledChannel(info *types.Info, decl *ast.FuncDecl, handler ast.Expr) *types.Var {
	e := upstream.StripAddr(handler)
	if id, ok := e.(*ast.Ident); ok {
		e = upstream.StripAddr(soleValue(info, decl, info.Uses[id]))
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	var ch *types.Var
	if upstream.IsNamed(info.TypeOf(lit), upstream.CachePath, "ResourceEventHandlerFuncs") {
		if f, ok := ast.Unparen(syntax.FieldValue(lit, "UpdateFunc")).(*ast.FuncLit); ok {
			ch = sentChannel(info, f.Body)
		}
	} else {
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if key, ok := kv.Key.(*ast.Ident); ok && h.isSignalField(info, info.Uses[key]) {
					ch = localVar(info, kv.Value)
				}
			}
		}
	}
	if ch == nil || ch.Pos() < decl.Pos() || ch.Pos() >= decl.End() {
		return nil
	}
	return ch
}

// isSignalField reports whether obj is a field that its struct's OnUpdate
// sends into: one of the package's, or one with a SignalsFact.
func (h *healing) isSignalField(info *types.Info, obj types.Object) bool {
	v, ok := obj.(*types.Var)
	if !ok || !v.IsField() {
		return false
	}
	if h.channels.fields == nil {
		h.channels.fields = signalFields(info, h.periodFiles)
	}
	return h.channels.fields[v] || h.signalFieldOf != nil && h.signalFieldOf(v)
}

// signalFields returns the channel fields that their structs' OnUpdate
// methods, declared in files, send into.
func signalFields(info *types.Info, files []*ast.File) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	var decls map[*types.Func]*ast.FuncDecl
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Name.Name != "OnUpdate" || fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 || fd.Body == nil {
				continue
			}
			if decls == nil {
				decls = funcDeclsOf(info, files)
			}
			recv := info.Defs[fd.Recv.List[0].Names[0]]
			for _, field := range sentFields(info, fd.Body, recv, decls) {
				out[field] = true
			}
		}
	}
	return out
}

// sentFields returns the channel fields of recv that body sends into, or
// hands to a function of decls that sends into its parameter.
func sentFields(info *types.Info, body *ast.BlockStmt, recv types.Object, decls map[*types.Func]*ast.FuncDecl) []*types.Var {
	var out []*types.Var
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SendStmt:
			if f := recvField(info, n.Chan, recv); f != nil {
				out = append(out, f)
			}
		case *ast.CallExpr:
			fn := upstream.Callee(info, n)
			if fn == nil || decls[fn] == nil {
				break
			}
			if i := sentParam(info, decls[fn]); i >= 0 && i < len(n.Args) {
				if f := recvField(info, n.Args[i], recv); f != nil {
					out = append(out, f)
				}
			}
		}
		return true
	})
	return out
}

// recvField returns the channel field of recv that e selects.
func recvField(info *types.Info, e ast.Expr, recv types.Object) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || recv == nil || upstream.RootVar(info, ast.Unparen(sel.X)) != recv {
		return nil
	}
	if f, ok := info.Uses[sel.Sel].(*types.Var); ok && f.IsField() && isChan(f.Type()) {
		return f
	}
	return nil
}

// sentParam returns the channel parameter that fd sends into, or -1.
func sentParam(info *types.Info, fd *ast.FuncDecl) int {
	if fd.Body == nil {
		return -1
	}
	if v := sentChannel(info, fd.Body); v != nil {
		return paramIndex(info, fd, v)
	}
	return -1
}

// sentChannel returns the channel variable the first send of body sends
// into.
func sentChannel(info *types.Info, body *ast.BlockStmt) *types.Var {
	var ch *types.Var
	ast.Inspect(body, func(n ast.Node) bool {
		if s, ok := n.(*ast.SendStmt); ok && ch == nil {
			ch = localVar(info, s.Chan)
		}
		return ch == nil
	})
	return ch
}

func isChan(t types.Type) bool {
	_, ok := t.Underlying().(*types.Chan)
	return ok
}

// localVar returns the variable (not a field) that e names.
func localVar(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil || v.IsField() {
		return nil
	}
	return v
}

// soleValue returns the one value obj, a variable of decl, is given there,
// or nil when it is given none or more than one.
func soleValue(info *types.Info, decl *ast.FuncDecl, obj types.Object) ast.Expr {
	values := assignedValues(info, decl.Body, obj)
	if len(values) != 1 {
		return nil
	}
	return values[0]
}

// assignedValues returns the values v is given in body: the right side of
// each assignment or declaration of it (nil for one that is not in view,
// such as one of several results of a call).
func assignedValues(info *types.Info, body ast.Node, obj types.Object) []ast.Expr {
	if obj == nil {
		return nil
	}
	var out []ast.Expr
	note := func(lhs []ast.Expr, rhs []ast.Expr) {
		for i, l := range lhs {
			if id, ok := ast.Unparen(l).(*ast.Ident); !ok || info.ObjectOf(id) != obj {
				continue
			}
			switch {
			case len(lhs) == len(rhs):
				out = append(out, rhs[i])
			case len(rhs) == 1:
				out = append(out, rhs[0]) // one of a call's results
			default:
				out = append(out, nil)
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			note(n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			note(lhs, n.Values)
		case *ast.RangeStmt:
			note([]ast.Expr{n.Key, n.Value}, nil)
		}
		return true
	})
	return out
}

// findChannelLoops turns the package's signalled channels into watches,
// once every call is noted; it returns the functions that hand one out.
func (h *healing) findChannelLoops(info *types.Info) map[*types.Func]signalResult {
	c := &h.channels
	results := map[*types.Func]signalResult{}
	var pkg *types.Package
	for decl, chans := range c.fed {
		fn, _ := info.Defs[decl.Name].(*types.Func)
		for ch, kinds := range chans {
			h.addChannelLoops(info, decl, ch, nil, kinds)
			if i := returnedAt(info, decl, ch); i >= 0 && fn != nil {
				results[fn], pkg = signalResult{result: i, kinds: kinds}, fn.Pkg()
			}
		}
	}
	if pkg != nil {
		addSoleImplementers(pkg, results)
	}
	for _, t := range c.takers {
		r, ok := results[t.fn]
		if !ok && h.signalResultOf != nil {
			r, ok = h.signalResultOf(t.fn)
		}
		if ok {
			if v := keptResult(info, t.decl, t.call, r.result); v != nil {
				h.addChannelLoops(info, t.decl, v, t.call, r.kinds)
			}
		}
	}
	return results
}

// exportChannelFacts exports the SignalChannelFact of the functions of a
// package the model does not walk (it writes nothing) that hand out a
// signalled channel: a watch package of a project's own, beside the
// controllers that loop on its channel. Only a package that names an
// informer can register a handler on one.
func exportChannelFacts(pass *analysis.Pass, files []*ast.File, healed healingFacts) {
	if !slices.ContainsFunc(files, importsInformers) {
		return
	}
	calls := newProgramCalls(map[string]bool{pass.Pkg.Path(): true})
	for _, f := range files {
		calls.add(pass.TypesInfo, f)
	}
	h := findHealing(pass.TypesInfo, files, calls.takeCalls(), nil, healed)
	exportSignalFacts(pass, nil, h.signalResults)
}

// importsInformers reports whether file imports client-go's cache package
// or a package of informers (client-go's, or a generated one's).
func importsInformers(file *ast.File) bool {
	for _, spec := range file.Imports {
		path := strings.Trim(spec.Path.Value, "`\"")
		if path == upstream.CachePath || strings.Contains(path, "informers") {
			return true
		}
	}
	return false
}
