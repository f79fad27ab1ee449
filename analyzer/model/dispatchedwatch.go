package model

import (
	"go/ast"
	"go/types"
)

// A watch's handler may only put a typed event on the project's own
// queue (openyurt's DNS controller: `UpdateFunc: dnsctl.updateConfigMap`,
// which queues a ConfigMapUpdate event, and a worker whose switch on the
// event's type runs the Service sync for it). The event then redoes what
// the worker runs for that type, not every method of the handler's
// owner: a lost write of the watched kind elsewhere (the full DNS record
// sync, run on a tick) is not healed by it. Such a watch carries what its
// worker runs (queuedticks.go finds it as it does for a tick's items),
// and grades only those writes; a resync of its informer runs the same
// dispatch, so it does not resync the owner either. A handler whose items
// the worker runs the same way whatever they hold (a key) is read as
// before: the whole owner.

// dispatchedRuns returns what the worker runs for the items the update
// handler fnValue queues, when the worker decides by their type or by a
// field the handler sets from constants; nil otherwise.
func (h *healing) dispatchedRuns(info *types.Info, fnValue ast.Expr) *queuedTicks {
	if fnValue == nil || h.fset == nil {
		return nil
	}
	pkg := ProgramPackage{Info: info, Files: h.periodFiles, Fset: h.fset}
	f := newTickFinder([]ProgramPackage{pkg})
	f.decls = h.dispatchDecls // shared by the package's registrations
	body, x, ok := f.runBody(info, fnValue)
	h.dispatchDecls = f.decls
	if !ok || x.fn == nil {
		return nil
	}
	f.seen = map[*types.Func]bool{}
	f.queues(x, body, true, 0, 0)
	if len(f.items) == 0 {
		return nil
	}
	f.findWorkers(pkg)
	if !f.decided {
		return nil
	}
	f.closeOverMainLines()
	return &f.ticks
}
