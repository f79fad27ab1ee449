package model_test

import (
	"fmt"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// A version case is a function whose one write is the line marked WRITE,
// and whether that write carries a resourceVersion the server compares
// ("conflict-prone") or sends an object built without one ("cannot
// conflict"). ctx, c (a controller-runtime client) and in (a ConfigMap
// from the caller) are in scope.
var versionCases = []testdir.Row{
	testdir.R("read, then written", `
	var cm corev1.ConfigMap
	if err := c.Get(ctx, client.ObjectKey{Name: "a"}, &cm); err != nil {
		return err
	}
	return c.Update(ctx, &cm) // WRITE`, "conflict-prone"),
	testdir.R("built from a literal", `
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "a"}}
	return c.Update(ctx, cm) // WRITE`, "cannot conflict"),
	testdir.R("a literal written as it is built", `
	return c.Update(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "a"}}) // WRITE`, "cannot conflict"),
	testdir.R("a literal that sets the version", `
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "a", ResourceVersion: in.ResourceVersion}}
	return c.Update(ctx, cm) // WRITE`, "conflict-prone"),
	testdir.R("a literal read into before the write", `
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, client.ObjectKey{Name: "a"}, cm); err != nil {
		return err
	}
	return c.Update(ctx, cm) // WRITE`, "conflict-prone"),
	testdir.R("a literal given an owner", `
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "a"}}
	if err := controllerutil.SetControllerReference(in, cm, nil); err != nil {
		return err
	}
	return c.Update(ctx, cm) // WRITE`, "cannot conflict"),
	testdir.R("decoded from a manifest", `
	cm := &corev1.ConfigMap{}
	if err := json.Unmarshal([]byte(manifest), cm); err != nil {
		return err
	}
	return c.Update(ctx, cm) // WRITE`, "cannot conflict"),
	testdir.R("the caller's object", `
	return c.Update(ctx, in) // WRITE`, "conflict-prone"),
	testdir.R("a copy of the caller's object", `
	cm := in.DeepCopy()
	return c.Update(ctx, cm) // WRITE`, "conflict-prone"),
	testdir.R("built by a function of the package", `
	cm := desired("a")
	return c.Update(ctx, cm) // WRITE`, "cannot conflict"),
	testdir.R("a deep copy of a built object", `
	base := desired("a")
	cm := base.DeepCopy()
	return c.Update(ctx, cm) // WRITE`, "cannot conflict"),
	testdir.R("a deep copy of a built object that was read into", `
	base := desired("a")
	if err := c.Get(ctx, client.ObjectKey{Name: "a"}, base); err != nil {
		return err
	}
	cm := base.DeepCopy()
	return c.Update(ctx, cm) // WRITE`, "conflict-prone"),
	testdir.R("the caller's object, its version blanked", `
	in.ResourceVersion = ""
	return c.Update(ctx, in) // WRITE`, "cannot conflict"),
	testdir.R("blanked in one branch only", `
	if in.Name == "a" {
		in.SetResourceVersion("")
	}
	return c.Update(ctx, in) // WRITE`, "conflict-prone"),
	testdir.R("blanked, then read", `
	in.ResourceVersion = ""
	if err := c.Get(ctx, client.ObjectKey{Name: "a"}, in); err != nil {
		return err
	}
	return c.Update(ctx, in) // WRITE`, "conflict-prone"),
	testdir.R("built by one of two builders that call each other", `
	cm := nested(2)
	return c.Update(ctx, cm) // WRITE`, "cannot conflict"),
	testdir.R("built by two builders that only return each other's results", `
	cm := loopA(1)
	return c.Update(ctx, cm) // WRITE`, "conflict-prone"),
	testdir.R("handed to a keeper that calls its caller", `
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "a"}}
	_ = showB(cm, in, 1)
	return c.Update(ctx, cm) // WRITE`, "cannot conflict"),
	testdir.R("handed to the keeper's caller, asked after it", `
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "a"}}
	_ = showA(cm, in, 1)
	return c.Update(ctx, cm) // WRITE`, "cannot conflict"),
	testdir.R("handed to two functions that only pass it to each other", `
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "a"}}
	_ = sameA(cm, in, 1)
	return c.Update(ctx, cm) // WRITE`, "conflict-prone"),
	testdir.R("blanked before a loop of refreshing writes", `
	in.ResourceVersion = ""
	for range 2 {
		if err := c.Update(ctx, in); err != nil { // WRITE
			return err
		}
	}
	return nil`, "conflict-prone"),
}

const versionHeader = `package versioncases

import (
	"context"
	"encoding/json"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const manifest = "{}"

var _ = json.Unmarshal
var _ = controllerutil.SetControllerReference

func desired(name string) *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name}}
}

// nested and wrapped call each other; every return of either builds a
// ConfigMap from a literal, and wrapped's does without nested's answer.
func nested(n int) *corev1.ConfigMap {
	if n == 0 {
		return &corev1.ConfigMap{}
	}
	return wrapped(n - 1)
}

func wrapped(n int) *corev1.ConfigMap {
	cm := &corev1.ConfigMap{}
	if n > 0 {
		cm.Data = nested(n - 1).Data
	}
	return cm
}

// loopA and loopB only return each other's results: nothing proves them
// fresh.
func loopA(n int) *corev1.ConfigMap { return loopB(n) }

func loopB(n int) *corev1.ConfigMap { return loopA(n) }

// showA hands a to showB's x, which showB only reads; showB hands y to
// showA's a. Both keep both, whichever is asked about first.
func showA(a, other *corev1.ConfigMap, n int) string { return showB(a, other, n) }

func showB(x, y *corev1.ConfigMap, n int) string {
	if n == 0 {
		return x.Name
	}
	return showA(y, &corev1.ConfigMap{}, n-1)
}

// sameA and sameB only hand their objects to each other: nothing proves
// that they keep them.
func sameA(a, b *corev1.ConfigMap, n int) bool {
	if n == 0 {
		return a == b
	}
	return sameB(a, b, n-1)
}

func sameB(a, b *corev1.ConfigMap, n int) bool { return sameA(a, b, n) }
`

// versionOf reports, for every write, whether it can fail with Conflict.
func versionOf(modelAnalyzer *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     "versionof",
		Doc:      "report whether each write carries a resourceVersion",
		Requires: []*analysis.Analyzer{modelAnalyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			for _, w := range pass.ResultOf[modelAnalyzer].(*model.Result).Writes() {
				verdict := "conflict-prone"
				if w.CannotConflict {
					verdict = "cannot conflict"
				}
				pass.Reportf(w.Call.Pos(), "%s", verdict)
			}
			return nil, nil
		},
	}
}

// TestVersionTable judges, case by case, whether the object a write sends
// carries a resourceVersion.
func TestVersionTable(t *testing.T) {
	src := testdir.TableSource(t, versionHeader, "// WRITE", versionCases, func(i int, r testdir.Row) string {
		return fmt.Sprintf("func case%d(ctx context.Context, c client.Client, in *corev1.ConfigMap) error {%s\n}", i, r.Body)
	})
	dir := testdir.Snippets(t, "versioncases", src)
	analysistest.Run(t, dir, versionOf(model.New(&upstream.Options{})), "versioncases")
}
