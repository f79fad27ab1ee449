package fate_test

import (
	"fmt"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/conflictlint/conflictlint/analyzer/model"
	"github.com/conflictlint/conflictlint/analyzer/upstream"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// A fate case is the body of a small reconcile-like function whose one
// write is the line marked WRITE, and the verdict the fate analysis must
// give that write's failure (Fate.String). The function has ctx, r (a
// controller-runtime client with a work queue), cm (a ConfigMap) and flag
// in scope and returns (ctrl.Result, error).
var fateCases = []testdir.Row{
	testdir.R("bare call drops it", `
	r.Update(ctx, cm) // WRITE
	return ctrl.Result{}, nil`, "fate dropped"),
	testdir.R("assigned and never read", `
	err := r.Update(ctx, cm) // WRITE
	_ = err
	return ctrl.Result{}, nil`, "fate dropped"),
	testdir.R("tested, then nothing", `
	if err := r.Update(ctx, cm); err != nil { // WRITE
	}
	return ctrl.Result{}, nil`, "fate swallowed"),
	testdir.R("only logged", `
	if err := r.Update(ctx, cm); err != nil { // WRITE
		log.Print(err)
	}
	return ctrl.Result{}, nil`, "fate logged"),
	testdir.R("returned as is", `
	if err := r.Update(ctx, cm); err != nil { // WRITE
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil`, "fate returned"),
	testdir.R("returned wrapped", `
	if err := r.Update(ctx, cm); err != nil { // WRITE
		return ctrl.Result{}, fmt.Errorf("update %s: %w", cm.Name, err)
	}
	return ctrl.Result{}, nil`, "fate returned"),
	testdir.R("returned directly", `
	return ctrl.Result{}, r.Update(ctx, cm) // WRITE`, "fate returned"),
	testdir.R("another error that cannot be nil", `
	if err := r.Update(ctx, cm); err != nil { // WRITE
		return ctrl.Result{}, errors.New("update failed")
	}
	return ctrl.Result{}, nil`, "fate returned other"),
	testdir.R("requeue by result", `
	if err := r.Update(ctx, cm); err != nil { // WRITE
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{}, nil`, "fate handled"),
	testdir.R("requeue by work queue", `
	if err := r.Update(ctx, cm); err != nil { // WRITE
		r.queue.AddRateLimited(cm.Name)
	}
	return ctrl.Result{}, nil`, "fate handled"),
	testdir.R("ends the program", `
	if err := r.Update(ctx, cm); err != nil { // WRITE
		log.Fatal(err)
	}
	return ctrl.Result{}, nil`, "fate fatal"),
	testdir.R("sent on a channel", `
	if err := r.Update(ctx, cm); err != nil { // WRITE
		r.errs <- err
	}
	return ctrl.Result{}, nil`, "fate handed off"),
	testdir.R("worst path decides", `
	if err := r.Update(ctx, cm); err != nil { // WRITE
		log.Print(err)
		if flag {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil`, "fate logged"),
	testdir.R("not-found filtered, the rest returned", `
	if err := r.Update(ctx, cm); err != nil && !apierrors.IsNotFound(err) { // WRITE
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil`, "fate returned"),
	// The other writer's change may run a level-triggered controller
	// again, but nothing here writes again: a heal at best, graded like
	// any other (docs/evaluation.md, "Level-triggered controllers").
	testdir.R("a Conflict branch that returns nothing", `
	if err := r.Update(ctx, cm); err != nil { // WRITE
		if apierrors.IsConflict(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil`, "fate swallowed"),
	testdir.R("conflict requeued", `
	if err := r.Update(ctx, cm); err != nil { // WRITE
		if apierrors.IsConflict(err) {
			return ctrl.Result{Requeue: true}, nil
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil`, "fate handled"),
	testdir.R("kept in a variable and returned later", `
	err := r.Update(ctx, cm) // WRITE
	if err != nil {
		log.Print(err)
	}
	return ctrl.Result{}, err`, "fate returned"),
	testdir.R("joined with other errors", `
	var errs []error
	if err := r.Update(ctx, cm); err != nil { // WRITE
		errs = append(errs, err)
	}
	return ctrl.Result{}, errors.Join(errs...)`, "fate returned"),
	// Value flow: the failure, or a requeue, leaves in whatever value
	// carries it.
	testdir.R("returned inside a result value built by a call", `
	if err := r.Update(ctx, cm); err != nil { // WRITE
		return errResult(err), nil
	}
	return ctrl.Result{}, nil`, "fate returned"),
	testdir.R("built into a result value and dropped", `
	if err := r.Update(ctx, cm); err != nil { // WRITE
		o := outcome{err: err}
		_ = o
	}
	return ctrl.Result{}, nil`, "fate swallowed"),
	testdir.R("held in a struct variable, returned by a field", `
	var o outcome
	if err := r.Update(ctx, cm); err != nil { // WRITE
		o = outcome{err: err}
	}
	return ctrl.Result{}, o.err`, "fate returned"),
	testdir.R("wrapped in a custom error type", `
	if err := r.Update(ctx, cm); err != nil { // WRITE
		return ctrl.Result{}, &syncError{cause: err}
	}
	return ctrl.Result{}, nil`, "fate returned"),
	testdir.R("requeue held in a variable and returned", `
	res := ctrl.Result{}
	if err := r.Update(ctx, cm); err != nil { // WRITE
		res.RequeueAfter = 3 * time.Second
	}
	return res, nil`, "fate handled"),
	testdir.R("requeue set on a variable that is not returned", `
	res := ctrl.Result{}
	if err := r.Update(ctx, cm); err != nil { // WRITE
		res.RequeueAfter = 3 * time.Second
	}
	_ = res
	return ctrl.Result{}, nil`, "fate swallowed"),
	testdir.R("requeue held by pointer", `
	var res *ctrl.Result
	if err := r.Update(ctx, cm); err != nil { // WRITE
		res = &ctrl.Result{Requeue: true}
	}
	if res != nil {
		return *res, nil
	}
	return ctrl.Result{}, nil`, "fate handled"),
	testdir.R("error text given to a logger's field builder", `
	logger := r.log
	if err := r.Update(ctx, cm); err != nil { // WRITE
		logger = logger.WithField("updateError", err.Error())
		logger.Errorf("update failed")
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil`, "fate logged"),
	testdir.R("error given to a logr value builder", `
	if err := r.Update(ctx, cm); err != nil { // WRITE
		r.lr.WithValues("err", err).Info("update failed")
	}
	return ctrl.Result{}, nil`, "fate logged"),
	testdir.R("a Conflict branch that returns an error variable known to be nil", `
	err := validate(cm)
	if err != nil {
		return ctrl.Result{}, err
	}
	if uerr := r.Update(ctx, cm); uerr != nil { // WRITE
		if apierrors.IsConflict(uerr) {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, uerr
	}
	return ctrl.Result{}, nil`, "fate swallowed"),
	testdir.R("a Conflict branch that returns another error", `
	if err := r.Update(ctx, cm); err != nil { // WRITE
		if apierrors.IsConflict(err) {
			return ctrl.Result{}, errors.New("conflict, try again")
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil`, "fate returned other"),
	testdir.R("a Conflict answered by a merge patch", `
	base := cm.DeepCopy()
	cm.Data["a"] = "b"
	if err := r.Update(ctx, cm); err != nil { // WRITE
		if !apierrors.IsConflict(err) {
			return ctrl.Result{}, err
		}
		if err := r.Patch(ctx, cm, client.MergeFrom(base)); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil`, "fate handled"),
	testdir.R("a merge patch after any failure, the failure only logged", `
	base := cm.DeepCopy()
	if err := r.Update(ctx, cm); err != nil { // WRITE
		log.Print(err)
		_ = r.Patch(ctx, cm, client.MergeFrom(base))
	}
	return ctrl.Result{}, nil`, "fate logged"),
	testdir.R("a hand-rolled retry that re-reads after a Conflict", `
	for i := 0; i < 5; i++ {
		err := r.Update(ctx, cm) // WRITE
		if err == nil {
			return ctrl.Result{}, nil
		}
		if !apierrors.IsConflict(err) {
			return ctrl.Result{}, err
		}
		if err := r.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
			return ctrl.Result{}, client.IgnoreNotFound(err)
		}
	}
	return ctrl.Result{}, nil`, "fate handled"),
	testdir.R("written again in a loop after a re-read", `
	for i := 0; i < 3; i++ {
		if err := r.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Update(ctx, cm); err == nil { // WRITE
			return ctrl.Result{}, nil
		}
	}
	return ctrl.Result{}, nil`, "fate retried"),
}

// fateOf reports the fate of every write's failure.
func fateOf(modelAnalyzer *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     "fateof",
		Doc:      "report the fate of every write's failure",
		Requires: []*analysis.Analyzer{modelAnalyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			res := pass.ResultOf[modelAnalyzer].(*model.Result)
			for _, w := range res.Writes() {
				pass.Reportf(w.Call.Pos(), "fate %s", res.Tracer().Trace(w.Cursor))
			}
			return nil, nil
		},
	}
}

const fateHeader = `package fatecases

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/go-logr/logr"
	"github.com/sirupsen/logrus"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var _, _, _ = errors.New, fmt.Errorf, log.Print
var _ = apierrors.IsConflict

type outcome struct{ err error }

func errResult(err error) ctrl.Result { return ctrl.Result{} }

type syncError struct{ cause error }

func (e *syncError) Error() string { return e.cause.Error() }

var _ = time.Second

func validate(cm *corev1.ConfigMap) error { return nil }

type R struct {
	client.Client
	log   *logrus.Entry
	lr    logr.Logger
	queue workqueue.TypedRateLimitingInterface[string]
	errs  chan error
}
`

// TestFateScenarios pins the verdicts of testdata/src/kube/fate, path by
// path, and shows a package without Kubernetes writes has none.
func TestFateScenarios(t *testing.T) {
	analysistest.Run(t, testdir.Path(t), fateOf(model.New(&upstream.Options{})), "kube/fate", "nokube")
}

// TestFateTable judges each case's write on its own function: one verdict
// per case, from the fate analysis alone, apart from any check's policy.
func TestFateTable(t *testing.T) {
	src := testdir.TableSource(t, fateHeader, "// WRITE", fateCases, func(i int, r testdir.Row) string {
		return fmt.Sprintf("func (r *R) case%d(ctx context.Context, cm *corev1.ConfigMap, flag bool) (ctrl.Result, error) {%s\n}", i, r.Body)
	})
	dir := testdir.Snippets(t, "fatecases", src)
	analysistest.Run(t, dir, fateOf(model.New(&upstream.Options{})), "fatecases")
}

// TestFateUnnamedParams traces a write in a function whose parameters
// have no names: there is no variable to ask whether its callers pass it a
// non-nil error (flux2's cmd/flux panicked here once).
func TestFateUnnamedParams(t *testing.T) {
	src := `package unnamed

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct {
	client.Client
	cm *corev1.ConfigMap
}

func (r *R) sync(context.Context, error) error {
	return r.Update(context.TODO(), r.cm) // want "fate returned"
}

func (r *R) run(ctx context.Context) error {
	return r.sync(ctx, nil)
}
`
	analysistest.Run(t, testdir.Snippets(t, "unnamed", src), fateOf(model.New(&upstream.Options{})), "unnamed")
}
