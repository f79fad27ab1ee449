package model

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/conflictlint/conflictlint/analyzer/internal/syntax"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

// programCalls is the whole program's static call graph, as far as its
// product code says: who calls each function by name, who calls each
// method through an interface its type implements (method names compared,
// not signatures: an extra caller can only make a grade harsher), and
// which functions may also be called from where the code does not say:
// used as a value, or a method of a type the program hands to another
// module as an interface with that method (manager.Runnable's Start,
// reconcile.Reconciler's Reconcile). Functions are keyed by FuncID, so
// that a package type-checked twice (with and without its tests) names
// each function once.
type programCalls struct {
	program map[string]bool     // the program's package paths; a callee elsewhere is another module's
	callers map[FuncID][]FuncID // function -> the functions that call it by name
	values  map[FuncID]bool     // functions used as values, or called by package initialisers
	dynamic map[string]bool     // method names of interface methods used as values or called by initialisers
	// ifaceCalls are the program's calls through an interface, by method
	// name, grouped by the interface's method names.
	ifaceCalls map[string]map[*types.Interface]*ifaceCallers
	// handedOut are the interfaces of other modules' parameters and
	// struct fields, by each of their method names: a value handed there
	// may have that method called where the program's code does not say.
	handedOut map[string][]*types.Interface
	seenIface map[*types.Interface]bool
	seenSig   map[*types.Signature]bool // the signatures and struct types whose interfaces are recorded, each read once
	seenType  map[*types.TypeName]bool
	recvs     map[string]*types.TypeName // a method owner's type, for its method set
	embedded  map[string]bool            // types embedded in a struct: their methods are promoted into types the graph does not name
	methods   map[string]map[string]bool // scratch: the method names of an owner's pointer type
	called    map[*ast.Ident]bool        // scratch: the callee names of the package being added
	calls     []call                     // the calls of the package being added, in source order
}

// ifaceCallers are the functions that call one method of an interface.
type ifaceCallers struct {
	methods []string // the interface's method names
	callers []FuncID
}

// FuncID names a function or method across the type-checks of its package
// (its origin, for an instance of a generic function) without building a
// string: its package path, its receiver's type name ("" for a function)
// and its name.
type FuncID struct{ pkg, recv, name string }

// FuncIDOf returns fn's FuncID.
func FuncIDOf(fn *types.Func) FuncID {
	fn = fn.Origin()
	id := FuncID{name: fn.Name()}
	if fn.Pkg() != nil {
		id.pkg = fn.Pkg().Path()
	}
	if recv := fn.Signature().Recv(); recv != nil {
		if tn := namedOf(recv.Type()); tn != nil {
			id.recv = tn.Name()
		}
	}
	return id
}

// owner is the kindKey of a method's receiver type ("" for a function).
func (id FuncID) owner() string {
	if id.recv == "" {
		return ""
	}
	return id.pkg + "." + id.recv
}

// newProgramCalls returns an empty call graph of the program made of the
// packages at the given paths.
func newProgramCalls(program map[string]bool) *programCalls {
	return &programCalls{program: program, callers: map[FuncID][]FuncID{}, values: map[FuncID]bool{}, dynamic: map[string]bool{},
		ifaceCalls: map[string]map[*types.Interface]*ifaceCallers{}, handedOut: map[string][]*types.Interface{},
		seenIface: map[*types.Interface]bool{}, seenSig: map[*types.Signature]bool{}, seenType: map[*types.TypeName]bool{}, recvs: map[string]*types.TypeName{}, embedded: map[string]bool{},
		methods: map[string]map[string]bool{}, called: map[*ast.Ident]bool{}}
}

// addPackage records the calls and function values of files, the product
// files of one package type-checked as info, and keeps the calls with a
// known callee in g.calls.
func (g *programCalls) addPackage(info *types.Info, files []*ast.File) {
	for _, f := range files {
		g.add(info, f)
	}
	g.addValues(info, files)
}

// add records the calls of file, and keeps those with a known callee in
// g.calls.
func (g *programCalls) add(info *types.Info, file *ast.File) {
	for _, d := range file.Decls {
		decl, ok := d.(*ast.FuncDecl)
		if !ok {
			g.scan(info, d, nil, nil) // package-level initialisers
			continue
		}
		fn, ok := info.Defs[decl.Name].(*types.Func)
		if !ok || decl.Body == nil {
			continue
		}
		caller := FuncIDOf(fn)
		if caller.recv != "" {
			g.recvs[caller.owner()] = namedOf(fn.Signature().Recv().Type())
		}
		g.scan(info, decl.Body, &caller, &frame{fn: decl})
	}
}

// scan records the calls under n, made by caller (nil for a package
// initialiser, whose calls count as made from anywhere) in the
// declaration of fr (its function literals' calls too, for the evidence
// that reads a call's declaration), and notes each callee's name for
// addValues.
func (g *programCalls) scan(info *types.Info, n ast.Node, caller *FuncID, fr *frame) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if id := calleeIdent(n.Fun); id != nil {
				g.called[id] = true
			}
			g.noteCall(info, n, caller, fr)
		case *ast.StructType:
			g.noteEmbedded(info, n)
		case *ast.CompositeLit:
			g.noteHandedFields(info.TypeOf(n))
		}
		return true
	})
}

// addValues records the functions that files, just added, use other
// than by calling them (g.called holds their callee names). One pass
// over the package's uses costs less than a lookup of every identifier
// the walk meets; a use in a file not added (a test file, a test helper's)
// is left out, as the walk left it.
func (g *programCalls) addValues(info *types.Info, files []*ast.File) {
	fileOf := syntax.FileIndex(files)
	for id, obj := range info.Uses {
		if fn, ok := obj.(*types.Func); ok && !g.called[id] && fileOf(id.Pos()) >= 0 {
			g.noteValue(fn)
		}
	}
	clear(g.called)
}

// noteValue records fn used as a value: an interface's method, by name;
// a function of the program's (no other is asked about).
func (g *programCalls) noteValue(fn *types.Func) {
	switch {
	case isInterfaceMethod(fn):
		g.dynamic[fn.Name()] = true
	case g.inProgram(fn):
		g.values[FuncIDOf(fn)] = true
	}
}

// inProgram reports whether fn is a function of the program's packages:
// the grader asks only about those, so only calls of those are recorded
// by name.
func (g *programCalls) inProgram(fn *types.Func) bool {
	return fn.Pkg() != nil && g.program[fn.Pkg().Path()]
}

func (g *programCalls) noteEmbedded(info *types.Info, st *ast.StructType) {
	for _, f := range st.Fields.List {
		if len(f.Names) == 0 {
			if tn := namedOf(info.TypeOf(f.Type)); tn != nil {
				g.embedded[kindKey(tn)] = true
			}
		}
	}
}

func (g *programCalls) noteCall(info *types.Info, c *ast.CallExpr, caller *FuncID, fr *frame) {
	fn := upstream.Callee(info, c)
	if fn == nil {
		return
	}
	g.calls = append(g.calls, call{expr: c, callee: fn, frame: fr})
	inProgram := g.inProgram(fn)
	if fn.Pkg() != nil && !inProgram {
		g.noteHandedParams(fn.Signature())
	}
	switch {
	case isInterfaceMethod(fn) && caller == nil:
		g.dynamic[fn.Name()] = true
	case isInterfaceMethod(fn):
		g.noteInterfaceCall(fn, *caller)
	case !inProgram:
	case caller == nil:
		g.values[FuncIDOf(fn)] = true
	default:
		k := FuncIDOf(fn)
		g.callers[k] = appendCaller(g.callers[k], *caller)
	}
}

// appendCaller adds caller to callers unless it is the last one: the walk
// meets a function's calls together, so a caller that calls fn twice is
// recorded once (the grader reads each caller once).
func appendCaller(callers []FuncID, caller FuncID) []FuncID {
	if n := len(callers); n > 0 && callers[n-1] == caller {
		return callers
	}
	return append(callers, caller)
}

// takeCalls returns the calls added since the last take. The next
// package's calls reuse their slice: a reader keeps none past its package.
func (g *programCalls) takeCalls() []call {
	out := g.calls
	g.calls = out[:0]
	return out
}

// calleeIdent returns the identifier that names the function fun calls
// (f, pkg.F, x.M, f[T]), or nil.
func calleeIdent(fun ast.Expr) *ast.Ident {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	case *ast.IndexExpr:
		return calleeIdent(f.X)
	case *ast.IndexListExpr:
		return calleeIdent(f.X)
	}
	return nil
}

func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// openCallers reports whether fn may be called from where the program's
// code does not say, so that its callers are not all known.
func (g *programCalls) openCallers(fn FuncID) bool {
	return g.values[fn] || fn.recv != "" && g.reachedUnseen(fn) || len(g.callersOf(fn)) == 0
}

// noteInterfaceCall records caller's call of fn, an interface's method.
func (g *programCalls) noteInterfaceCall(fn *types.Func, caller FuncID) {
	iface, _ := fn.Signature().Recv().Type().Underlying().(*types.Interface)
	if iface == nil {
		g.dynamic[fn.Name()] = true
		return
	}
	byIface := g.ifaceCalls[fn.Name()]
	if byIface == nil {
		byIface = map[*types.Interface]*ifaceCallers{}
		g.ifaceCalls[fn.Name()] = byIface
	}
	group := byIface[iface]
	if group == nil {
		group = &ifaceCallers{methods: methodNames(iface)}
		byIface[iface] = group
	}
	group.callers = appendCaller(group.callers, caller)
}

// noteHandedParams records the interfaces with methods among the
// parameters of sig, a function of another module.
func (g *programCalls) noteHandedParams(sig *types.Signature) {
	if g.seenSig[sig] {
		return
	}
	g.seenSig[sig] = true
	params := sig.Params()
	for i := range params.Len() {
		t := params.At(i).Type()
		if s, ok := t.(*types.Slice); ok && sig.Variadic() && i == params.Len()-1 {
			t = s.Elem()
		}
		g.noteHandedOut(t)
	}
}

// noteHandedFields records the interfaces with methods among the fields
// of t, a struct of another module built by a composite literal.
func (g *programCalls) noteHandedFields(t types.Type) {
	tn := namedOf(t)
	if tn == nil || tn.Pkg() == nil || g.program[tn.Pkg().Path()] || g.seenType[tn] {
		return
	}
	g.seenType[tn] = true
	if st, ok := tn.Type().Underlying().(*types.Struct); ok {
		for f := range st.Fields() {
			g.noteHandedOut(f.Type())
		}
	}
}

func (g *programCalls) noteHandedOut(t types.Type) {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok || iface.NumMethods() == 0 || g.seenIface[iface] {
		return
	}
	g.seenIface[iface] = true
	for m := range iface.Methods() {
		g.handedOut[m.Name()] = append(g.handedOut[m.Name()], iface)
	}
}

func methodNames(iface *types.Interface) []string {
	names := make([]string, 0, iface.NumMethods())
	for m := range iface.Methods() {
		names = append(names, m.Name())
	}
	return names
}

// callersOf returns the functions that call fn by name or through an
// interface its type implements.
func (g *programCalls) callersOf(fn FuncID) []FuncID {
	direct := g.callers[fn]
	if fn.recv == "" || len(g.ifaceCalls[fn.name]) == 0 {
		return direct
	}
	out := slices.Clone(direct)
	for _, group := range g.ifaceCalls[fn.name] {
		if g.implements(fn.owner(), group.methods) {
			out = append(out, group.callers...)
		}
	}
	return out
}

// reachedUnseen reports whether method fn may be called where the
// program's code does not say: an interface method of its name used as a
// value, an interface of another module with its name that its type
// implements (signatures compared: a value of the type can be handed
// there only if they match), or any interface call of its name when its
// type is embedded (the type it is promoted into may implement what it
// does not).
func (g *programCalls) reachedUnseen(fn FuncID) bool {
	if g.dynamic[fn.name] {
		return true
	}
	if len(g.ifaceCalls[fn.name]) == 0 && len(g.handedOut[fn.name]) == 0 {
		return false
	}
	if g.embedded[fn.owner()] || g.recvs[fn.owner()] == nil {
		return true
	}
	t := g.recvs[fn.owner()].Type()
	if n, ok := t.(*types.Named); ok && n.TypeParams().Len() > 0 {
		return len(g.handedOut[fn.name]) > 0 // a generic type: instances are not compared
	}
	for _, iface := range g.handedOut[fn.name] {
		if types.Implements(types.NewPointer(t), iface) {
			return true
		}
	}
	return false
}

// implements reports whether the pointer type of owner has every method
// named.
func (g *programCalls) implements(owner string, names []string) bool {
	have, ok := g.methods[owner]
	if !ok {
		have = map[string]bool{}
		if tn := g.recvs[owner]; tn != nil {
			ms := types.NewMethodSet(types.NewPointer(tn.Type()))
			for sel := range ms.Methods() {
				have[sel.Obj().Name()] = true
			}
		}
		g.methods[owner] = have
	}
	for _, n := range names {
		if !have[n] {
			return false
		}
	}
	return true
}
