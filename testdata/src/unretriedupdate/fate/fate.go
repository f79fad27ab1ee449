// Package fate holds unretriedupdate scenarios for the fate of a failure
// judged path by path: what each path from a failed write does with it,
// and the worst path decides.
package fate

import (
	"context"
	"errors"
	"fmt"
	"time"

	"example.com/shapelog"
	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
	Log    logr.Logger
	logger *shapelog.Logger
	rec    *shapelog.Recorder
	queue  workqueue.TypedRateLimitingInterface[string]
	kube   kubernetes.Interface
}

// updateError is an error type of the package; newUpdateError never
// returns nil.
type updateError struct{ name, msg string }

func (e *updateError) Error() string { return e.name + ": " + e.msg }

func newUpdateError(name, msg string) error { return &updateError{name, msg} }

// maybeError may return nil.
func maybeError(ok bool) error {
	if ok {
		return nil
	}
	return errors.New("failed")
}

// writeStatus returns the Conflict of its write: its callers decide.
func (r *Reconciler) writeStatus(ctx context.Context, cm *corev1.ConfigMap) error {
	return r.Status().Update(ctx, cm)
}

// Another error that cannot be nil is returned on every path after the
// failure: the reconcile loop requeues on it.
func (r *Reconciler) otherErrorReturned(ctx context.Context, cm *corev1.ConfigMap, validate func() error) (ctrl.Result, error) {
	_ = r.writeStatus(ctx, cm) // ok: the same path returns fmt.Errorf, which is never nil
	return ctrl.Result{}, fmt.Errorf("phase %s is not ready", cm.Name)
}

func (r *Reconciler) checkedErrorReturned(ctx context.Context, cm *corev1.ConfigMap, validate func() error) (ctrl.Result, error) {
	if err := validate(); err != nil {
		if uerr := r.writeStatus(ctx, cm); uerr != nil { // ok: err is known non-nil where it is returned
			r.Log.Error(uerr, "status")
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// argsError is a concrete error type a step returns for bad arguments.
type argsError struct{ msg string }

func (e argsError) Error() string { return e.msg }

// assertedErrorReturned is kubean's shape: the status write's failure is
// only logged inside `if x, ok := err.(T); ok`, and the outer err, which
// the assertion proves non-nil, is returned to the work queue.
func (r *Reconciler) assertedErrorReturned(ctx context.Context, cm *corev1.ConfigMap, step func() error) (ctrl.Result, error) {
	err := step()
	if aerr, ok := err.(argsError); ok {
		r.Log.Info("bad arguments", "reason", aerr.msg)
		if err := r.Status().Update(ctx, cm); err != nil { // ok: the asserted err is not nil where it is returned
			r.Log.Error(err, "status")
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// assertedFlagReused: a flag assigned twice proves nothing of err.
func (r *Reconciler) assertedFlagReused(ctx context.Context, cm *corev1.ConfigMap, step func() error, known map[string]bool) (ctrl.Result, error) {
	err := step()
	_, ok := err.(argsError)
	if !ok {
		_, ok = known[cm.Name]
	}
	if ok {
		if err := r.Status().Update(ctx, cm); err != nil { // want `conflict from Status\(\).Update is only logged: return it, or re-read cm inside retry.RetryOnConflict`
			r.Log.Error(err, "status")
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// errLocked is a sentinel: declared non-nil, never assigned again.
var errLocked = errors.New("the lock is held by others")

// errMaybe is assigned again, so it may be nil.
var errMaybe = errors.New("maybe")

func resetMaybe() { errMaybe = nil }

// sentinelReturned hands on a sentinel in place of the failure (openyurt's
// lock helper): the caller gets a non-nil error and decides.
func (r *Reconciler) sentinelReturned(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // ok: errLocked is never nil
		r.Log.Error(err, "update")
		return errLocked
	}
	return nil
}

// reassignedReturned returns a variable the package sets to nil elsewhere.
func (r *Reconciler) reassignedReturned(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update is only logged: return it, or re-read cm inside retry.RetryOnConflict`
		r.Log.Error(err, "update")
		return errMaybe
	}
	return nil
}

func (r *Reconciler) constructorReturned(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // ok: newUpdateError never returns nil
		return newUpdateError(cm.Name, err.Error())
	}
	if err := r.Update(ctx, cm); err != nil { // ok: a composite literal of an error type is never nil
		return &updateError{cm.Name, "update"}
	}
	return nil
}

func (r *Reconciler) maybeNilReturned(ctx context.Context, cm *corev1.ConfigMap, ok bool) error {
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update is only logged: return it, or re-read cm inside retry.RetryOnConflict`
		r.Log.Error(err, "update")
		return maybeError(ok)
	}
	return nil
}

func (r *Reconciler) onePathReturnsNil(ctx context.Context, cm *corev1.ConfigMap, strict bool) error {
	if err := r.writeStatus(ctx, cm); err != nil { // want `conflict from r.writeStatus is only logged: return it, or re-read cm inside retry.RetryOnConflict`
		r.Log.Error(err, "status")
		if strict {
			return fmt.Errorf("status of %s: %w", cm.Name, err)
		}
	}
	return nil
}

// Tests of the error are decided for a Conflict.
func (r *Reconciler) notFoundIgnored(ctx context.Context, cm *corev1.ConfigMap) error {
	if err := r.Update(ctx, cm); err != nil { // ok: a Conflict is not NotFound, so it is returned
		if apierrors.IsNotFound(err) {
			return nil
		}
		return err
	}
	if err := r.Update(ctx, cm); err != nil && !errors.Is(err, context.Canceled) { // ok: returned
		return err
	}
	if err := r.Update(ctx, cm); apierrors.IsConflict(err) { // want `conflict from r.Update is swallowed`
		return nil // a Conflict let go: nothing writes again
	}
	if err := r.Update(ctx, cm); apierrors.IsConflict(err) { // ok: a return the code chose for a Conflict, with an error
		return fmt.Errorf("conflict on %s", cm.Name)
	}
	return nil
}

// Requeues, directly or through a helper of the package.
func (r *Reconciler) enqueue(key string) { r.queue.AddRateLimited(key) }

func (r *Reconciler) requeuedByHelper(ctx context.Context, cm *corev1.ConfigMap) {
	if err := r.Update(ctx, cm); err != nil { // ok: the helper puts the key back on the queue
		r.Log.Error(err, "update")
		r.enqueue(cm.Name)
	}
}

// Loggers known only by their shape.
func (r *Reconciler) shapeLogged(ctx context.Context, cm, other *corev1.ConfigMap) {
	if err := r.Update(ctx, cm); err != nil { // want `conflict from r.Update cannot be returned by shapeLogged: requeue the object, or re-read cm inside retry.RetryOnConflict`
		r.logger.Errorf("update %s: %v", cm.Name, err)
	}
	if err := r.Status().Update(ctx, cm); err != nil { // want `conflict from Status\(\).Update cannot be returned by shapeLogged: requeue the object, or re-read cm inside retry.RetryOnConflict`
		shapelog.Error("status of ", cm.Name, ": ", err)
	}
	if err := r.Update(ctx, other); err != nil { // ok: kept by a recorder whose use is out of view
		r.rec.Record(err)
	}
}

// Deferred writes: only a named result carries an error out of a defer.
func (r *Reconciler) deferredToResult(ctx context.Context, cm *corev1.ConfigMap) (retErr error) {
	defer func() {
		if err := r.Status().Update(ctx, cm); err != nil { // ok: joined into the named result
			retErr = errors.Join(retErr, err)
		}
	}()
	return nil
}

func (r *Reconciler) deferredToLocal(ctx context.Context, cm *corev1.ConfigMap) error {
	var err error
	defer func() {
		err = r.Status().Update(ctx, cm) // want `conflict from Status\(\).Update cannot be returned by a function literal: requeue the object, or re-read cm inside retry.RetryOnConflict`
	}()
	return err
}

// A periodic runner redoes a lost write on its next tick: healed, with
// the period as its grade, not retried.
func (r *Reconciler) periodic(ctx context.Context, key client.ObjectKey, stop <-chan struct{}) {
	wait.Until(func() {
		var cm corev1.ConfigMap
		if err := r.Get(ctx, key, &cm); err != nil {
			return
		}
		cm.Data = map[string]string{"seen": "yes"}
		if err := r.Update(ctx, &cm); err != nil { // want `conflict from r.Update cannot be returned by a function literal: re-read cm inside retry.RetryOnConflict; lost until resync \(1m\)$`
			r.Log.Error(err, "update")
		}
	}, time.Minute, stop)
}

func (r *Reconciler) periodicStale(cm *corev1.ConfigMap, stop <-chan struct{}) {
	wait.Until(func() {
		if err := r.Update(context.Background(), cm); err != nil { // want `conflict from r.Update cannot be returned by a function literal: requeue the object, or re-read cm inside retry.RetryOnConflict`
			r.Log.Error(err, "update")
		}
	}, time.Minute, stop)
}

func (r *Reconciler) ticker(ctx context.Context, name string) {
	t := time.NewTicker(time.Minute)
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			pod, err := r.kube.CoreV1().Pods("ns").Get(ctx, name, metav1.GetOptions{})
			if err != nil {
				continue
			}
			pod.Labels = map[string]string{"tick": "yes"}
			if _, err := r.kube.CoreV1().Pods("ns").Update(ctx, pod, metav1.UpdateOptions{}); err != nil { // want `conflict from Pods\("ns"\).Update cannot be returned by ticker: re-read pod inside retry.RetryOnConflict; lost until resync \(1m\)$`
				r.Log.Error(err, "update")
			}
		}
	}
}

func (r *Reconciler) eachItem(ctx context.Context, pods []*corev1.Pod) {
	for _, pod := range pods {
		if _, err := r.kube.CoreV1().Pods("ns").Update(ctx, pod, metav1.UpdateOptions{}); err != nil { // want `conflict from Pods\("ns"\).Update cannot be returned by eachItem: requeue the object, or re-read pod inside retry.RetryOnConflict`
			r.Log.Error(err, "update")
		}
	}
}

func (r *Reconciler) eachItemCollected(ctx context.Context, pods []*corev1.Pod) error {
	var errs []error
	for _, pod := range pods {
		if _, err := r.kube.CoreV1().Pods("ns").Update(ctx, pod, metav1.UpdateOptions{}); err != nil { // ok: collected and returned
			errs = append(errs, err)
			continue
		}
	}
	return errors.Join(errs...)
}

// A poll condition that returns (false, nil) runs again; one that returns
// the error hands it to the poll's caller.
func (r *Reconciler) pollRereads(ctx context.Context, name string) error {
	return wait.PollImmediate(time.Second, time.Minute, func() (bool, error) {
		pod, err := r.kube.CoreV1().Pods("ns").Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return false, nil
		}
		pod.Labels = map[string]string{"a": "b"}
		if _, err := r.kube.CoreV1().Pods("ns").Update(ctx, pod, metav1.UpdateOptions{}); err != nil { // ok: returning (false, nil) runs the condition again
			return false, nil
		}
		return true, nil
	})
}

// The first turn writes the object it was given; after a failure the
// condition re-reads it and asks to run again (Kubernetes' node lifecycle
// controller updates node health so).
func (r *Reconciler) pollRereadsAfter(ctx context.Context, pod *corev1.Pod) error {
	return wait.PollImmediate(time.Second, time.Minute, func() (bool, error) {
		_, err := r.kube.CoreV1().Pods("ns").UpdateStatus(ctx, pod, metav1.UpdateOptions{}) // ok: re-read, then (false, nil) runs the condition again
		if err == nil {
			return true, nil
		}
		name := pod.Name
		pod, err = r.kube.CoreV1().Pods("ns").Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		return false, nil
	})
}

// The same where the poll's error is only logged: a failed re-read ends
// the retry as a failed Get ends RetryOnConflict's (openyurt's node
// lifecycle controller).
func (r *Reconciler) pollRereadsAfterLogged(ctx context.Context, pod *corev1.Pod) {
	if err := wait.PollImmediate(time.Second, time.Minute, func() (bool, error) {
		_, err := r.kube.CoreV1().Pods("ns").UpdateStatus(ctx, pod, metav1.UpdateOptions{}) // ok: re-read, then (false, nil) runs the condition again
		if err == nil {
			return true, nil
		}
		name := pod.Name
		pod, err = r.kube.CoreV1().Pods("ns").Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		return false, nil
	}); err != nil {
		r.Log.Error(err, "giving up")
	}
}

// The re-read succeeds but a later check fails with the failure itself:
// the poll's error carries the Conflict to a log.
func (r *Reconciler) pollRereadThenFailure(ctx context.Context, pod *corev1.Pod) {
	if err := wait.PollImmediate(time.Second, time.Minute, func() (bool, error) {
		_, err := r.kube.CoreV1().Pods("ns").UpdateStatus(ctx, pod, metav1.UpdateOptions{}) // want `is only logged`
		if err == nil {
			return true, nil
		}
		fresh, gerr := r.kube.CoreV1().Pods("ns").Get(ctx, pod.Name, metav1.GetOptions{})
		if gerr != nil {
			return false, gerr
		}
		if fresh.Status.Phase == corev1.PodFailed {
			return false, err
		}
		pod = fresh
		return false, nil
	}); err != nil {
		r.Log.Error(err, "giving up")
	}
}

// The same without the re-read sends the stale object again and again.
func (r *Reconciler) pollSameObject(ctx context.Context, pod *corev1.Pod) {
	_ = wait.PollImmediate(time.Second, time.Minute, func() (bool, error) {
		_, err := r.kube.CoreV1().Pods("ns").UpdateStatus(ctx, pod, metav1.UpdateOptions{}) // want `is dropped`
		return err == nil, nil
	})
}

func (r *Reconciler) pollErrorLogged(ctx context.Context, pod *corev1.Pod) {
	err := wait.PollImmediate(time.Second, time.Minute, func() (bool, error) {
		if _, err := r.kube.CoreV1().Pods("ns").Update(ctx, pod, metav1.UpdateOptions{}); err != nil { // want `is only logged`
			return false, err
		}
		return true, nil
	})
	if err != nil {
		r.Log.Error(err, "poll")
	}
}

// An error built before the dropped call is returned after it. Where the
// error cannot be nil, it stands for the failure: a caller that requeues on
// it redoes the write, one that only logs it loses the write, and the
// finding is where the error ends (see proof/snapsync). Where it may be
// nil, the path that returns nil loses the write here.
func (r *Reconciler) builtBeforeReturned(ctx context.Context, cm *corev1.ConfigMap) error {
	if cm.Data == nil {
		err := fmt.Errorf("%s has no data", cm.Name)
		r.writeStatus(ctx, cm) // ok: the non-nil err goes to the caller, which decides
		return err
	}
	var err error
	if cm.Labels == nil {
		err = errors.New("no labels")
	}
	r.writeStatus(ctx, cm) // want `conflict from r.writeStatus is dropped: return it, or re-read cm inside retry.RetryOnConflict`
	return err
}

// A flag set on the failure path decides a later requeue.
func (r *Reconciler) requeueFlag(ctx context.Context, cm *corev1.ConfigMap) {
	requeue := false
	if err := r.Update(ctx, cm); err != nil { // ok: the flag sends the failure to AddRateLimited
		r.Log.Error(err, "update")
		requeue = true
	}
	if requeue {
		r.queue.AddRateLimited(cm.Name)
		return
	}
	r.queue.Forget(cm.Name)
}

// Helpers called through a func-typed field that the package assigns one
// function.
type Promoter struct {
	client.Client
	Log       logr.Logger
	promoteFn func(ctx context.Context, cm *corev1.ConfigMap) error
	enqueueFn func(key string)
	queue     workqueue.TypedRateLimitingInterface[string]
}

func NewPromoter(c client.Client) *Promoter {
	p := &Promoter{Client: c}
	p.promoteFn = p.promote
	p.enqueueFn = p.enqueue
	return p
}

func (p *Promoter) promote(ctx context.Context, cm *corev1.ConfigMap) error {
	cm.Labels = map[string]string{"promoted": "yes"}
	return p.Update(ctx, cm)
}

func (p *Promoter) enqueue(key string) { p.queue.AddRateLimited(key) }

func (p *Promoter) onEvent(ctx context.Context, cm *corev1.ConfigMap) {
	if err := p.promoteFn(ctx, cm); err != nil { // want `conflict from p.promoteFn cannot be returned by onEvent: requeue the object, or re-read cm inside retry.RetryOnConflict`
		p.Log.Error(err, "promote")
	}
	if err := p.promoteFn(ctx, cm); err != nil { // ok: requeued through a func field
		p.enqueueFn(cm.Name)
	}
}

// A write helper called through an interface that only write helpers
// implement.
type statusWriter interface {
	WriteStatus(ctx context.Context, cm *corev1.ConfigMap) error
}

type crStatusWriter struct{ c client.Client }

func (w crStatusWriter) WriteStatus(ctx context.Context, cm *corev1.ConfigMap) error {
	return w.c.Status().Update(ctx, cm)
}

func (r *Reconciler) throughInterface(ctx context.Context, sw statusWriter, cm *corev1.ConfigMap) {
	if err := sw.WriteStatus(ctx, cm); err != nil { // want `conflict from sw.WriteStatus cannot be returned by throughInterface: requeue the object, or re-read cm inside retry.RetryOnConflict`
		r.Log.Error(err, "status")
	}
}

// relabel reads the ConfigMap itself and returns its write's failure.
func (r *Reconciler) relabel(ctx context.Context, key client.ObjectKey) error {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		return err
	}
	cm.Labels = map[string]string{"a": "b"}
	return r.Update(ctx, &cm)
}

// A loop that calls again a helper that reads its object itself retries.
func (r *Reconciler) relabelWithRetries(ctx context.Context, key client.ObjectKey) {
	for attempt := 0; attempt < 3; attempt++ {
		if err := r.relabel(ctx, key); err != nil { // ok: the next attempt calls relabel again, which reads afresh
			if apierrors.IsConflict(err) {
				continue
			}
			r.Log.Error(err, "relabel")
		}
		return
	}
}

func (r *Reconciler) relabelEach(ctx context.Context, keys []client.ObjectKey) {
	for _, key := range keys {
		if err := r.relabel(ctx, key); err != nil { // want `conflict from r.relabel cannot be returned by relabelEach: requeue the object, or re-read the object inside retry.RetryOnConflict`
			r.Log.Error(err, "relabel")
		}
	}
}

// Run once now, then on every tick: the loop's call of relabel with the
// same key retries the first run's failure with a fresh read.
func (r *Reconciler) relabelNowThenEachTick(ctx context.Context, key client.ObjectKey) {
	if err := r.relabel(ctx, key); err != nil { // want `conflict from r.relabel cannot be returned by relabelNowThenEachTick: .*; lost until resync \(1m\)$`
		r.Log.Error(err, "relabel")
	}
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := r.relabel(ctx, key); err != nil { // want `conflict from r.relabel cannot be returned by relabelNowThenEachTick: .*; lost until resync \(1m\)$`
				r.Log.Error(err, "relabel")
			}
		}
	}
}

// The later call names another object: the first failure stays lost.
func (r *Reconciler) relabelThenAnother(ctx context.Context, key, other client.ObjectKey) error {
	if err := r.relabel(ctx, key); err != nil { // want `conflict from r.relabel is only logged: return it, or re-read the object inside retry.RetryOnConflict`
		r.Log.Error(err, "relabel")
	}
	return r.relabel(ctx, other)
}

// The key changes between the calls: the second writes another object.
func (r *Reconciler) relabelThenMovedKey(ctx context.Context, key client.ObjectKey) error {
	if err := r.relabel(ctx, key); err != nil { // want `conflict from r.relabel is only logged: return it, or re-read the object inside retry.RetryOnConflict`
		r.Log.Error(err, "relabel")
	}
	key.Name += "-copy"
	return r.relabel(ctx, key)
}

// Only one branch calls it again: the other path loses the failure.
func (r *Reconciler) relabelMaybeAgain(ctx context.Context, key client.ObjectKey, again bool) error {
	if err := r.relabel(ctx, key); err != nil { // want `conflict from r.relabel is only logged: return it, or re-read the object inside retry.RetryOnConflict`
		r.Log.Error(err, "relabel")
	}
	if again {
		return r.relabel(ctx, key)
	}
	return nil
}

// A call in a goroutine is not run where it stands.
func (r *Reconciler) relabelThenInGoroutine(ctx context.Context, key client.ObjectKey) {
	if err := r.relabel(ctx, key); err != nil { // want `conflict from r.relabel cannot be returned by relabelThenInGoroutine: requeue the object, or re-read the object inside retry.RetryOnConflict`
		r.Log.Error(err, "relabel")
	}
	go func() {
		_ = r.relabel(ctx, key) // want `conflict from r.relabel cannot be returned by a goroutine: requeue the object, or re-read the object inside retry.RetryOnConflict`
	}()
}

// Waiter runs a wait condition; tests inject a fake.
type Waiter func(ctx context.Context, interval, timeout time.Duration, condition wait.ConditionWithContextFunc) error

// ensure writes the desired ConfigMap with the live resourceVersion: it
// reads the object itself on every call.
func (r *Reconciler) ensure(ctx context.Context, want corev1.ConfigMap) error {
	var live corev1.ConfigMap
	if err := r.Get(ctx, client.ObjectKeyFromObject(&want), &live); err != nil {
		return err
	}
	want.SetResourceVersion(live.GetResourceVersion())
	return r.Update(ctx, &want)
}

func (r *Reconciler) ensureWithWaiter(ctx context.Context, waiter Waiter, want corev1.ConfigMap) error {
	return waiter(ctx, time.Second, time.Minute, func(ctx context.Context) (bool, error) {
		if err := r.ensure(ctx, want); err != nil { // ok: a wait condition returning (false, nil) runs again, and ensure re-reads
			return false, nil
		}
		return true, nil
	})
}
