package listermutation

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/conflictlint/conflictlint/analyzer/internal/diag"
	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/model/cache"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// level says how an expression relates to an informer cache's memory. For
// an expression that denotes a location (mem), it says where the location
// lives; for a reference (a pointer, map, slice or interface value: ref),
// it says what the reference points to.
type level int

const (
	none         level = iota
	cached             // the cache's own memory
	shallow            // a shallow copy of the cache's memory: its own fields are private, its maps, slices and pointers are the cache's
	fresh              // a fresh slice (a lister's List) whose elements point into the cache
	shallowList        // a list filled with a shallow copy (controller-runtime List with UnsafeDisableDeepCopy)
	shallowElems       // a fresh slice (such a list's Items) whose elements are shallow copies
)

// source is where a cache-owned object came from.
type source struct {
	node  ast.Node   // the read: a call, a type assertion, a range statement, a parameter
	what  string     // how messages name the read
	v     *types.Var // the local variable the read was assigned to, or nil
	stmt  ast.Stmt   // the statement that assigned v (an *ast.AssignStmt or *ast.RangeStmt)
	param int        // in parameter mode, the index of the parameter; else -1
	done  bool       // a mutation of it has been reported
	// related is how the finding's second location names the read, when
	// it is a call of a helper that returns the cache's object.
	related string
}

// val is what the tracker knows about an expression.
type val struct {
	lvl level
	src *source
}

// event records that a variable got a new value at pos.
type event struct {
	pos token.Pos
	v   val
}

// tracker follows cache-owned objects through one function body, in
// source order: a variable holds what its last assignment before a use (in
// the text) gave it. That is exact for straight-line code; after a branch
// it is the last branch's assignment that counts, which never invents an
// owner the code did not have on the path the text shows last.
type tracker struct {
	info   *types.Info
	cache  *cache.Cache
	events map[*types.Var][]event
	// initial are the values variables hold before any assignment:
	// the arguments of event handlers, or, in parameter mode, the
	// parameters under test.
	initial map[*types.Var]val
	// calls returns the indices (receiver first for methods) of the
	// parameters a non-upstream function changes.
	calls func(fn *types.Func) []Mutation
	// mutated is called for every change to the cache's memory.
	mutated func(at ast.Node, what string, v val)
	// viaParam records, for a change made by calling a function of the
	// program, the index (receiver first) of the parameter that received
	// the cache's object: where the change itself is (see changeSite).
	viaParam map[ast.Node]int
	// made memoises the sources of reads used directly (not via a variable).
	made map[ast.Node]*source
	// returns says what a function of the program returns as its first
	// result (see checker.returnedLevel).
	returns func(fn *types.Func) level
	// eventArgs are the controller-runtime event parameters in view, and
	// eventSources the sources of their object fields, one per field.
	eventArgs    map[*types.Var]bool
	eventSources map[eventField]*source
	// returned, when set, is called at every return statement.
	returned func(ret *ast.ReturnStmt)
	// called, when set, is called at every call, before the call's own
	// effects.
	called func(call *ast.CallExpr)
}

func (t *tracker) lookup(v *types.Var, pos token.Pos) val {
	evs := t.events[v]
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].pos < pos {
			return evs[i].v
		}
	}
	return t.initial[v]
}

func (t *tracker) set(v *types.Var, pos token.Pos, x val) {
	if v == nil {
		return
	}
	if x.lvl == none && len(t.events[v]) == 0 && t.initial[v].lvl == none {
		return // nothing to forget
	}
	t.events[v] = append(t.events[v], event{pos, x})
}

// under returns the underlying type of e, or nil when it has none (the
// package has type errors).
func (t *tracker) under(e ast.Expr) types.Type {
	if tv := t.info.TypeOf(e); tv != nil {
		return tv.Underlying()
	}
	return nil
}

// isRef reports whether values of t refer to other memory.
func isRef(t types.Type) bool {
	if t == nil {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Slice, *types.Interface:
		return true
	}
	_, ok := types.Unalias(t).(*types.TypeParam)
	return ok
}

func (t *tracker) varOf(id *ast.Ident) *types.Var {
	v, _ := t.info.ObjectOf(id).(*types.Var)
	if v == nil || v.IsField() {
		return nil
	}
	return v
}

// mem says where the location e denotes lives.
func (t *tracker) mem(e ast.Expr, pos token.Pos) val {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v := t.varOf(e)
		if v == nil || isRef(v.Type()) {
			return val{}
		}
		return t.lookup(v, pos) // shallow or shallowList copies in a local struct
	case *ast.SelectorExpr:
		sel := t.info.Selections[e]
		if sel == nil || sel.Kind() != types.FieldVal {
			return val{}
		}
		var base val
		if _, ok := t.under(e.X).(*types.Pointer); ok {
			base = t.ref(e.X, pos)
		} else {
			base = t.mem(e.X, pos)
		}
		switch base.lvl {
		case cached:
			return base
		case shallow, shallowList:
			return val{shallow, base.src}
		}
	case *ast.IndexExpr:
		switch xt := t.under(e.X).(type) {
		case *types.Map, *types.Slice:
			x := t.ref(e.X, pos)
			switch x.lvl {
			case cached:
				return x
			case shallowElems:
				return val{shallow, x.src}
			}
		case *types.Array:
			return t.mem(e.X, pos)
		case *types.Pointer:
			if _, ok := xt.Elem().Underlying().(*types.Array); ok {
				return t.ref(e.X, pos)
			}
		}
	case *ast.StarExpr:
		x := t.ref(e.X, pos)
		switch x.lvl {
		case cached, shallow, shallowList:
			return x
		}
	}
	return val{}
}

// ref says what the reference e points to.
func (t *tracker) ref(e ast.Expr, pos token.Pos) val {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v := t.varOf(e)
		if v == nil || !isRef(v.Type()) {
			return val{}
		}
		return t.lookup(v, pos)
	case *ast.CallExpr:
		switch t.cache.ReadAt(e) {
		case upstream.CacheItem:
			return val{cached, t.madeSource(e)}
		case upstream.CacheItems:
			return val{fresh, t.madeSource(e)}
		}
		return t.viaHelper(e)
	case *ast.TypeAssertExpr:
		if e.Type != nil && !t.ownRecord(e) {
			return t.ref(e.X, pos)
		}
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return t.mem(e.X, pos)
		}
	case *ast.IndexExpr:
		if x := t.ref(e.X, pos); x.lvl == fresh {
			return val{cached, x.src}
		}
		return t.loaded(e, pos)
	case *ast.SelectorExpr:
		if x := t.eventObject(e); x.lvl != none {
			return x
		}
		if sel := t.info.Selections[e]; sel != nil && sel.Kind() == types.FieldVal {
			var base val
			if _, ok := t.under(e.X).(*types.Pointer); ok {
				base = t.ref(e.X, pos)
			} else {
				base = t.mem(e.X, pos)
			}
			if base.lvl == shallowList {
				if _, ok := t.under(e).(*types.Slice); ok {
					return val{shallowElems, base.src}
				}
			}
		}
		return t.loaded(e, pos)
	case *ast.StarExpr:
		return t.loaded(e, pos)
	}
	return val{}
}

// loaded says what a reference loaded from the location e points to.
func (t *tracker) loaded(e ast.Expr, pos token.Pos) val {
	m := t.mem(e, pos)
	switch m.lvl {
	case cached, shallow:
		return val{cached, m.src}
	}
	return val{}
}

// copyOf says what a struct value copied from e holds.
func (t *tracker) copyOf(e ast.Expr, pos token.Pos) val {
	if ta, ok := ast.Unparen(e).(*ast.TypeAssertExpr); ok && ta.Type != nil {
		if x := t.ref(ta.X, pos); x.lvl == cached && !t.ownRecord(ta) {
			return val{shallow, x.src}
		}
		return val{}
	}
	m := t.mem(e, pos)
	switch m.lvl {
	case cached, shallow:
		return val{shallow, m.src}
	case shallowList:
		return m
	}
	return val{}
}

// valueOf says what assigning e to a variable of type typ gives it.
func (t *tracker) valueOf(e ast.Expr, typ types.Type, pos token.Pos) val {
	if isRef(typ) {
		return t.ref(e, pos)
	}
	if _, ok := typ.Underlying().(*types.Struct); ok {
		return t.copyOf(e, pos)
	}
	return val{}
}

// refOrMem says whether an argument given to a function that changes what
// it is given reaches the cache: a reference by what it points to, a value
// (a method's addressable receiver) by where it lives.
func (t *tracker) refOrMem(e ast.Expr, pos token.Pos) val {
	if tv := t.info.TypeOf(e); tv != nil && isRef(tv) {
		return t.ref(e, pos)
	}
	return t.mem(e, pos)
}

// eventField is an object field of an event parameter.
type eventField struct {
	v     *types.Var
	field string
}

// eventObject says what e.ObjectNew (or another object field of a
// controller-runtime create or update event parameter) points to: the
// informer cache's object.
func (t *tracker) eventObject(e *ast.SelectorExpr) val {
	v, _ := t.info.Uses[syntax.Ident(e.X)].(*types.Var)
	if v == nil || !t.eventArgs[v] || !slices.Contains(cache.EventFields(v.Type()), e.Sel.Name) {
		return val{}
	}
	key := eventField{v, e.Sel.Name}
	if s := t.eventSources[key]; s != nil {
		return val{cached, s}
	}
	s := &source{node: e, what: "the event's " + v.Name() + "." + e.Sel.Name, param: -1}
	if t.eventSources == nil {
		t.eventSources = make(map[eventField]*source)
	}
	t.eventSources[key] = s
	return val{cached, s}
}

func (t *tracker) madeSource(n ast.Node) *source {
	if s := t.made[n]; s != nil {
		return s
	}
	what := types.ExprString(n.(ast.Expr))
	if call, ok := n.(*ast.CallExpr); ok {
		what = diag.CallName(call)
	}
	s := &source{node: n, what: what, param: -1}
	t.made[n] = s
	return s
}

// walk follows body in source order.
func (t *tracker) walk(body ast.Node) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			t.assign(n)
		case *ast.ValueSpec:
			t.valueSpec(n)
		case *ast.RangeStmt:
			t.rangeStmt(n)
		case *ast.IncDecStmt:
			t.write(n, n.X, n.Pos())
		case *ast.CallExpr:
			if t.called != nil {
				t.called(n)
			}
			t.call(n)
		case *ast.IfStmt:
			return !t.ifNil(n)
		case *ast.ReturnStmt:
			if t.returned != nil {
				t.returned(n)
			}
		}
		return true
	})
}

// write reports a write to the location lhs when it is the cache's.
func (t *tracker) write(at ast.Node, lhs ast.Expr, pos token.Pos) {
	if _, ok := ast.Unparen(lhs).(*ast.Ident); ok {
		return // a variable gets a new value; its object is untouched
	}
	if m := t.mem(lhs, pos); m.lvl == cached {
		t.mutated(at, "assigning to "+types.ExprString(lhs), m)
	}
}

func (t *tracker) assign(as *ast.AssignStmt) {
	for _, lhs := range as.Lhs {
		t.write(lhs, lhs, as.Pos())
	}
	vals := make([]val, len(as.Lhs))
	if len(as.Lhs) == len(as.Rhs) {
		for i, rhs := range as.Rhs {
			if typ := t.info.TypeOf(as.Lhs[i]); typ != nil {
				vals[i] = t.valueOf(rhs, typ, as.Pos())
			}
		}
	} else if len(as.Rhs) == 1 && len(as.Lhs) > 0 {
		if typ := t.info.TypeOf(as.Lhs[0]); typ != nil {
			vals[0] = t.valueOf(as.Rhs[0], typ, as.Pos())
		}
	}
	for i, lhs := range as.Lhs {
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok {
			continue
		}
		t.set(t.varOf(id), as.End(), t.bind(vals[i], t.varOf(id), as, as.Rhs[min(i, len(as.Rhs)-1)]))
	}
}

// bind gives a variable assigned straight from a read (a call, a type
// assertion, an element of a List) its own source, so that a fix can
// copy it where it is assigned.
func (t *tracker) bind(x val, v *types.Var, stmt ast.Stmt, rhs ast.Expr) val {
	if x.lvl != cached || v == nil || x.src == nil || x.src.param >= 0 {
		return x
	}
	switch ast.Unparen(rhs).(type) {
	case *ast.CallExpr, *ast.TypeAssertExpr, *ast.IndexExpr:
		return val{cached, &source{node: x.src.node, what: x.src.what, v: v, stmt: stmt, param: -1, related: x.src.related}}
	}
	return x
}

func (t *tracker) valueSpec(vs *ast.ValueSpec) {
	for i, name := range vs.Names {
		v := t.varOf(name)
		if v == nil {
			continue
		}
		var x val
		if len(vs.Values) == len(vs.Names) {
			x = t.valueOf(vs.Values[i], v.Type(), vs.Pos())
		} else if len(vs.Values) == 1 && i == 0 {
			x = t.valueOf(vs.Values[0], v.Type(), vs.Pos())
		}
		t.set(v, vs.End(), x)
	}
}

func (t *tracker) rangeStmt(rs *ast.RangeStmt) {
	if id, ok := rs.Key.(*ast.Ident); ok {
		t.set(t.varOf(id), rs.Body.Pos(), val{})
	}
	id, ok := rs.Value.(*ast.Ident)
	if !ok {
		return
	}
	v := t.varOf(id)
	if v == nil {
		return
	}
	x := t.ref(rs.X, rs.Pos())
	var elem val
	switch {
	case isRef(v.Type()) && (x.lvl == fresh || x.lvl == cached):
		elem = val{cached, x.src}
		if x.src != nil && x.src.param < 0 {
			elem.src = &source{node: x.src.node, what: x.src.what, v: v, stmt: rs, param: -1, related: x.src.related}
		}
	case !isRef(v.Type()) && (x.lvl == cached || x.lvl == shallowElems):
		elem = val{shallow, x.src}
	}
	t.set(v, rs.Body.Pos(), elem)
}
