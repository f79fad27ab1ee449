package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer/internal/guard"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// writesAndReads is what the third stage finds: the package's writes and
// reads in source order, the read helpers (this package's and those known
// from facts), and the lookup tables over them.
type writesAndReads struct {
	writes      []*Write
	reads       []*Read
	refreshers  map[*types.Func]ReadsFact
	writeByCall map[*ast.CallExpr]*Write
	readByNode  map[ast.Node]*Read
}

// writeAt returns the write made by call, or nil.
func (wr *writesAndReads) writeAt(call *ast.CallExpr) *Write { return wr.writeByCall[call] }

// definedByRead reports whether v is assigned from a read somewhere.
func (wr *writesAndReads) definedByRead(v *types.Var) bool {
	for _, rd := range wr.reads {
		if rd.Object.Root == v {
			return true
		}
	}
	return false
}

// index builds the lookup tables once the writes and reads are known.
func (wr *writesAndReads) index() {
	wr.writeByCall = make(map[*ast.CallExpr]*Write, len(wr.writes))
	for _, w := range wr.writes {
		wr.writeByCall[w.Call] = w
	}
	wr.readByNode = make(map[ast.Node]*Read, len(wr.reads))
	for _, rd := range wr.reads {
		wr.readByNode[rd.Node] = rd
	}
}

// objectTypes caches upstream.CarriesResourceVersion per type: every
// assignment of the package asks it, and the answer depends on the type
// alone, so whoever asks first fills in what every later asker reads.
type objectTypes map[objectTypeKey]bool

// objectTypeKey names a type for objectTypes: a pointer by the type it
// points to, since the type-checker makes a new *types.Pointer for each
// `*T` it meets, and `*T` carries a resourceVersion whichever it is.
type objectTypeKey struct {
	t       types.Type
	pointer bool
}

// is reports whether t carries a resourceVersion.
func (o objectTypes) is(t types.Type) bool {
	if t == nil {
		return false
	}
	key := objectTypeKey{t: t}
	if p, ok := t.(*types.Pointer); ok {
		key = objectTypeKey{t: p.Elem(), pointer: true}
	}
	is, ok := o[key]
	if !ok {
		is = upstream.CarriesResourceVersion(t)
		o[key] = is
	}
	return is
}

// classifier finds the writes and reads of the scanned calls.
type classifier struct {
	info    *types.Info
	fset    *token.FileSet
	opts    *upstream.Options
	scan    *callScan
	keys    methodKeys
	objects objectTypes
	scopes  scopesByBody
	out     *writesAndReads
}

// findWritesAndReads is the third stage: each call classified, reads by
// assignment, copies of a live resourceVersion, this package's read
// helpers and the reads made through any read helper. refreshers are the
// read helpers known from facts; cr is controller-runtime's client package
// among the package's imports, or nil.
func findWritesAndReads(pass *analysis.Pass, opts *upstream.Options, cr *types.Package, scan *callScan, scopes scopesByBody, refreshers map[*types.Func]ReadsFact, objects objectTypes) *writesAndReads {
	c := &classifier{
		info: pass.TypesInfo, fset: pass.Fset, opts: opts, scan: scan,
		keys:    newMethodKeys(cr, scan.calls),
		objects: objects,
		scopes:  scopes,
		out:     &writesAndReads{refreshers: maps.Clone(refreshers)},
	}
	for _, call := range scan.calls {
		c.classify(call)
	}
	c.findAssignReads()
	c.findVersionCopies()
	c.findRefreshers()
	for _, call := range scan.calls {
		c.addHelperRead(call)
	}
	c.out.index()
	return c.out
}

// classify records c as a write or a read when it is one.
func (cl *classifier) classify(c call) {
	defer guard.Locate(cl.fset, c.expr.Pos())
	key := cl.keys.of(c.callee)
	args := c.expr.Args
	if kind, ok := upstream.WriteMethods[key]; ok {
		cl.addWrite(c, kind, argAt(args, 1), receiver(c.expr))
		return
	}
	if upstream.PatchMethods[key] {
		switch {
		case len(args) > 2 && cl.isOptimisticPatch(c, args[2]):
			cl.addWrite(c, upstream.WriteOptimisticPatch, args[1], receiver(c.expr))
		case len(args) > 2 && upstream.IsMergePatch(cl.info, args[2]):
			cl.addWrite(c, upstream.WriteMergePatch, args[1], receiver(c.expr))
		}
		return
	}
	if i, ok := upstream.ReadMethods[key]; ok {
		if i < len(args) {
			cl.addRead(c.expr, c.site(), args[i])
		}
		return
	}
	if wf, ok := upstream.WriteFuncs[upstream.FuncKeyOf(c.callee)]; ok {
		if !changesNothing(argAt(args, wf.ObjectArg+1)) {
			cl.addWrite(c, upstream.WriteCreateOrUpdate, argAt(args, wf.ObjectArg), argAt(args, wf.ClientArg))
		}
		return
	}
	if obj := cl.wholeObjectPatch(c); obj != nil {
		cl.addWrite(c, upstream.WriteObjectPatch, obj, receiver(c.expr))
		return
	}
	if i := cl.typedUpdateObject(c); i >= 0 {
		cl.addWrite(c, upstream.WriteTypedUpdate, argAt(args, i), receiver(c.expr))
	}
}

func argAt(args []ast.Expr, i int) ast.Expr {
	if i < len(args) {
		return args[i]
	}
	return nil
}

// receiver returns x in x.Method(...), or nil.
func receiver(c *ast.CallExpr) ast.Expr {
	if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
		return sel.X
	}
	return nil
}

func (cl *classifier) addWrite(c call, kind upstream.WriteKind, obj, client ast.Expr) {
	if obj == nil {
		return
	}
	results := 1
	if tup, ok := cl.info.TypeOf(c.expr).(*types.Tuple); ok {
		results = tup.Len()
	}
	cl.out.writes = append(cl.out.writes, &Write{
		Call:     c.expr,
		Cursor:   cl.scan.cursor(c),
		Kind:     kind,
		Object:   upstream.ObjectOf(cl.info, obj),
		Client:   client,
		Results:  results,
		FuncNode: c.site().fnNode(),
		Scope:    cl.scopes.around(c.frame),
	})
}

// addRead records n, at s, as a read of obj when obj is a tracked object.
func (cl *classifier) addRead(n ast.Node, s site, obj ast.Expr) {
	o := upstream.ObjectOf(cl.info, obj)
	if !o.Valid() || !cl.objects.is(o.Root.Type()) && !cl.objects.is(cl.info.TypeOf(o.Expr)) {
		return
	}
	cl.out.reads = append(cl.out.reads, &Read{Node: n, Object: o, FuncNode: s.fnNode(), decl: s.decl()})
}

// findAssignReads records every assignment to a tracked object as a read:
// an object assigned from a Get, a lister or any other call is no longer the
// stale value it was.
func (cl *classifier) findAssignReads() {
	for _, s := range cl.scan.sites {
		as, ok := s.node.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN && as.Tok != token.DEFINE {
			continue
		}
		for _, lhs := range as.Lhs {
			if id, ok := lhs.(*ast.Ident); ok && id.Name == "_" {
				continue
			}
			cl.addRead(as, s, lhs)
		}
	}
}

// changesNothing reports whether mutate, CreateOrUpdate's function, is a
// literal that only returns nil: the object it reads is then unchanged,
// so CreateOrUpdate never updates it (it creates it when it is missing,
// which no Conflict refuses).
func changesNothing(mutate ast.Expr) bool {
	lit, ok := ast.Unparen(mutate).(*ast.FuncLit)
	if !ok || len(lit.Body.List) != 1 {
		return false
	}
	ret, ok := lit.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	id, ok := ast.Unparen(ret.Results[0]).(*ast.Ident)
	return ok && id.Name == "nil"
}
