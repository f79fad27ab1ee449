package cache_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer/model/cache"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// A read case is one call, on the line marked READ, and what it hands out
// of an informer cache. lister, store, indexer and c (a controller-runtime
// client) are in scope.
var readCases = []testdir.Row{
	testdir.R("a lister's Get", `_, _ = lister.ConfigMaps("ns").Get("a") // READ`, "item"),
	testdir.R("a lister's List", `_, _ = lister.List(labels.Everything()) // READ`, "items"),
	testdir.R("a store's GetByKey", `_, _, _ = store.GetByKey("ns/a") // READ`, "item"),
	testdir.R("a store's List", `_ = store.List() // READ`, "items"),
	testdir.R("an indexer's ByIndex", `_, _ = indexer.ByIndex("by-owner", "x") // READ`, "items"),
	testdir.R("a cached Get without a deep copy", `_ = c.Get(ctx, client.ObjectKey{Name: "a"}, &cm, client.UnsafeDisableDeepCopy) // READ`, "shallow"),
	testdir.R("a cached Get", `_ = c.Get(ctx, client.ObjectKey{Name: "a"}, &cm) // READ`, "none"),
	testdir.R("a store's Add", `_ = store.Add(&cm) // READ`, "none"),
}

var kindNames = map[upstream.CacheReadKind]string{
	upstream.NotCacheRead: "none", upstream.CacheItem: "item", upstream.CacheItems: "items", upstream.CacheShallow: "shallow",
}

const readHeader = `package readcases

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
	listers "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var _ = labels.Everything
`

// readKinds reports what every call marked in the source hands out of a
// cache.
var readKinds = &analysis.Analyzer{
	Name: "readkinds",
	Doc:  "report what each call hands out of an informer cache",
	Run: func(pass *analysis.Pass) (any, error) {
		view := cache.Find(pass)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if st, ok := n.(*ast.AssignStmt); ok {
					if call, ok := st.Rhs[0].(*ast.CallExpr); ok {
						pass.Reportf(call.Pos(), "%s", kindNames[view.ReadAt(call)])
					}
				}
				return true
			})
		}
		return nil, nil
	},
}

// TestReadTable classifies, case by case, what a call hands out of a cache.
func TestReadTable(t *testing.T) {
	src := testdir.TableSource(t, readHeader, "// READ", readCases, func(i int, r testdir.Row) string {
		return fmt.Sprintf("func case%d(ctx context.Context, lister listers.ConfigMapLister, store cache.Store, indexer cache.Indexer, c client.Client) {\n\tvar cm corev1.ConfigMap\n\t_ = cm\n\t%s\n}", i, r.Body)
	})
	dir := testdir.Snippets(t, "readcases", src)
	analysistest.Run(t, dir, readKinds, "readcases")
}

// TestHandlerParams finds the cache's objects among the parameters of
// informer event handlers: the funcs of ResourceEventHandlerFuncs.
func TestHandlerParams(t *testing.T) {
	src := `package handlers

import "k8s.io/client-go/tools/cache"

func register(inf cache.SharedInformer) {
	inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(obj interface{}) {},          // want "handler params: obj"
		UpdateFunc: func(oldObj, newObj interface{}) {}, // want "handler params: oldObj, newObj"
	})
}
`
	probe := &analysis.Analyzer{
		Name: "handlers",
		Doc:  "report the handler parameters of each function literal",
		Run: func(pass *analysis.Pass) (any, error) {
			view := cache.Find(pass)
			byFunc := map[ast.Node][]*types.Var{}
			for v, fn := range view.HandlerParams {
				byFunc[fn] = append(byFunc[fn], v)
			}
			for fn, vars := range byFunc {
				slices.SortFunc(vars, func(a, b *types.Var) int { return int(a.Pos() - b.Pos()) })
				var names []string
				for _, v := range vars {
					names = append(names, v.Name())
				}
				pass.Reportf(fn.Pos(), "handler params: %s", strings.Join(names, ", "))
			}
			return nil, nil
		},
	}
	dir := testdir.Snippets(t, "handlers", src)
	analysistest.Run(t, dir, probe, "handlers")
}
