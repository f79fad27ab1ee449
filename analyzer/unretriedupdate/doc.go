// Package unretriedupdate defines an Analyzer that reports conflict-prone
// Kubernetes writes whose Conflict error nobody retries.
//
// # Analyzer unretriedupdate
//
// unretriedupdate: report writes whose Conflict error is lost
//
// An Update, UpdateStatus or optimistic-lock Patch sends the object's
// resourceVersion and fails with 409 Conflict when someone else wrote the
// object first. The fix is to re-read and reapply: retry.RetryOnConflict with
// a fresh Get inside the closure, or the error returned to a loop that requeues.
//
// It reports a conflict-prone write outside retry scopes (retryreget's) whose
// Conflict is neither retried nor handed to code that retries (see "How a
// failure is judged"); a function returning a write's error is a write.
//
// Before:
//
//	if err := r.Status().Update(ctx, &app); err != nil {
//		log.Error(err, "unable to update status")
//	}
//	return ctrl.Result{}, nil
//
// is reported as `conflict from Status().Update of app is only logged: return
// it; lost for good`. After (the suggested fix; the log line stays):
//
//	if err := r.Status().Update(ctx, &app); err != nil {
//		log.Error(err, "unable to update status")
//		return ctrl.Result{}, err
//	}
//	return ctrl.Result{}, nil
//
// or, where no caller retries (a one-shot tool, an event handler):
//
//	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
//		if err := c.Get(ctx, key, &app); err != nil {
//			return err
//		}
//		app.Status.Ready = true
//		return c.Status().Update(ctx, &app)
//	})
//
// With -unretriedupdate.mode=strict, every conflict-prone write outside a
// retry scope is reported, returned or not, also in test code (an e2e test
// that updates what a controller writes is flaky). The default, propagate,
// follows a returned error and skips test files and test support.
//
// # Messages
//
// A finding reads `conflict from <call> of <object> <what happens>: <what to
// do>`, maybe `; no fix: <why>`, then the grade of its consequence.
//
//   - `is dropped` (discarded, assigned to _, never read), `is swallowed`
//     (read but neither logged nor handed on), `is only logged`: return it
//     (the fix keeps the log line), or retry the write.
//   - `cannot be returned by F`: F (a function, `a function literal`, `a
//     goroutine`) has no error result. Requeue the object from F, give F an
//     error result its callers return, or retry the write there.
//   - `is passed to F, which exits`, `ends the program`, `is returned from a
//     cobra command, which exits`, `is returned from a runnable's Start, which
//     stops the manager`: the work stops halfway. Retry the write.
//   - `is wrapped in reconcile.TerminalError, so it is never requeued`: return
//     it unwrapped, or retry. `is answered to the HTTP request and never
//     retried`: retry the write before the handler answers.
//   - `is returned to F, which may ignore it`: the writing function is an
//     interface value handed to F, not known to act on it. Retry inside it.
//   - `is dropped for another error, which <fate>`: retry each such write.
//   - `is not retried` (strict mode): no retry scope surrounds the write.
//   - `may be lost: <reason> at line N (<slug>)` (debug=unknown), `;
//     undecided: <slug> at line N` (strict): the fate is undecided at line N
//     (undecided-test, other-result-test, result-without-fact).
//
// After the colon: the fix (`return it`, `re-read X inside
// retry.RetryOnConflict`) or what to do by hand; `; no fix: ...` says why not.
// The grade comes last (see "Consequence").
//
// # How a failure is judged
//
// One rule says what becomes of a failed write, here and in every check: it is
// retried when the same change is written again promptly after a fresh read
// (`retry.RetryOnConflict` and its kin, a poll, a loop of attempts or a call
// of the same helper that re-reads, whatever it does when its attempts run
// out; or the error or a requeue handed to a work queue or a reconcile): no
// finding. It is healed when something redoes it later: the object's watch, a
// periodic pass (a ticker, `wait.Until`, a resync, `RequeueAfter`: a loop that
// writes again on its next tick is a heal, not a retry), or a restart after
// the program exits: a finding, graded (see "Consequence"). Otherwise it is
// lost: a finding, `lost`. A returned error is followed to where it ends,
// through facts into the importers, and reported there, naming the write.
//
// The model follows the write's failure through the function's control flow to
// every exit, on the assumption that the write failed with a Conflict as the
// API server sends it (a StatusError with reason Conflict, code 409), and
// evaluates each test of the error on that value (see "Only on proof"). Each
// path is judged by the best it does with the failure; the verdict is the
// worst path's:
//
//   - Handed on: a path that returns the error (wrapped, joined, aggregated,
//     through `client.IgnoreNotFound`, into a named result from a `defer`), or
//     any value built from it, whatever its type: a result struct (`return
//     outcome.Error(err)`), a custom error type, a slice it was appended to, a
//     variable that holds one of these, a field of one. This is value flow: a
//     function that returns the failure in such a value is a returner across
//     packages, and a caller that drops the value is where the loss is
//     reported. A test of such a value (`if res.Done() { return res.Output()
//     }`) is the program's own test of whether the step failed: the branch
//     that returns the value is the failing one.
//   - Handed on, since the reconcile loop or work queue requeues: a path that
//     returns another error that cannot be nil (`fmt.Errorf`, `errors.New`, an
//     error library's `New*` or `Errorf` by shape and `Wrap*` of such an error,
//     gRPC's `status.Errorf` with a code other than OK, an error variable under
//     `err != nil`, a sentinel of the package never assigned again (`var
//     ErrLocked = errors.New(...)`) or another repository's exported `ErrXxx`
//     (Go's name for a sentinel; its module has no facts), an unexported function's error parameter
//     that every call passes non-nil, a composite literal, a function that never
//     returns nil (also one of a project's error interface), across packages too; an aggregate such as
//     `utilerrors.NewAggregate(errs)` or `errors.Join(errs...)` of a list known
//     to hold an error: tested `len(errs) > 0`, or given a non-nil error by
//     `append`; what a function that passes its error argument on returns, also
//     across packages (`tracing.HandleError(err, span)`); `if errCount > 0 {
//     return errors.New(...) }` after `errCount++` (or `failed = append(failed, name)`, then `len(failed) > 0`) where the failure was seen;
//     an error after `err.Error()` among the failing call's arguments): it
//     stands for the failure, read or not, and the callers decide (a requeue
//     redoes the write; where it dies, in a log or a function without an error
//     result, the write is lost at the call whose Conflict was dropped for it:
//     reported there, once, graded by the caller that loses the most). A
//     function literal called in place (`err := func() error {...}()`) hands it to the function around it, which hands
//     it on to its callers when it returns the call's result; an element of a list of failures (`errs[i]`,
//     `range errs`) stands for it.
//   - Handed off, since the caller learns it failed: a path that returns a
//     count of failures it incremented after testing the error (`failed++;
//     ...; return failed`), or, from a function without an error result,
//     `false` or a status of the project's own type that another return of the
//     function does not give (`return task.Fail().With(...)`, `SyncStateError`),
//     unless every call of the unexported function drops it (`_ = f()`).
//   - Handled: a path that requeues (`ctrl.Result{Requeue: true}`,
//     `RequeueAfter`, a work queue's `Add*`, also of a project's own queue
//     type, directly, through a helper of the package, a func-typed field or a
//     flag such as `requeue = true`; a variable every assignment gives a
//     requeue, `requeueY`; a Result held in a variable or by pointer, or
//     `res.RequeueAfter = d`, that reaches a return or that a deferred literal
//     sets in the named results, also inside a value of the project's: `return subResult{result: ...}`, or handed back by a function of the package that only returns its arguments: `return WrapResult(Result{RequeueAfter: d}, nil)`; `sub.result =
//     ctrl.Result{Requeue: true}`), or returned on the branch where the code
//     tested that it asks for one (`if res.RequeueAfter > 0 { ...; return res,
//     nil }`, `res.Requeue`, `!res.IsZero()`); either branch of a test of the queue's
//     retry budget (`q.NumRequeues(key) < maxRetries`: below it the key is
//     requeued, past it the key was retried that many times); a requeue
//     decided by another result of the failing call, when the package's
//     function that returns the failure gives that result the same constant on
//     every return that hands it on (`deleted, err := c.reconcileKey(key)`
//     then `if !deleted { q.AddRateLimited(key) }`), or a requeue Result on
//     every such return (`return ctrl.Result{Requeue: true}, r.Update(ctx,
//     obj)`, then `if result != emptyResult { return result, nil }`); a path
//     the code chose for a Conflict (an `apierrors.IsConflict` branch, or what
//     follows `if !apierrors.IsConflict(err) { return err }`, also an operand of
//     `&&`, up to a return it writes), unless it returns an error variable known to be nil there, or
//     lets the Conflict go: it returns only nil and constants, after logging at most (`if apierrors.IsConflict(err) { return nil }`: nothing writes
//     again until the other writer's event, a finding, graded); a Conflict
//     answered by another write (a plain merge patch); a delete of the object
//     (`client.Delete(ctx, job)`), whose change goes with it, unless the function changed its finalizers first; a later
//     write of the same object, not read again (directly, or by a helper of the package that writes it on every run and returns the
//     failure), whose failure is handed on: it resends the refused resourceVersion, so its certain Conflict carries this one.
//   - Retried: a path that goes round a loop of attempts that writes the same
//     object again (a loop with a condition, or one a success leaves, even if
//     it sleeps between attempts; a re-read into the turn's own variable whose
//     version is copied into the object, or a `DeepCopy` of it written, reads
//     the same one), or returns `(false, nil)` from a `wait.Poll` condition
//     that re-reads it (before its write, or after the failure on that path:
//     the re-read's own error ending the poll gives up, as a failed Get ends
//     RetryOnConflict), also `return len(pending) == 0, nil` when the failed
//     entry of the `for key := range pending` loop is not deleted (a work
//     set); a failed entry of a pending set (a map field or package variable
//     that a loop with no condition ranges over, directly or through a
//     snapshot of its keys, calling the same function with the entry) that
//     the path does not take out, coming back to the failing call after a new
//     pass began or leaving for another such loop of the package; a pass that
//     a loop with no condition repeats until it succeeds everywhere (every way
//     out needs a flag the failing turn cleared: `allDone = false`, then `if
//     allDone { break }`); a Conflict that goes on to a `retry.RetryOnConflict`
//     whose function reads the object again and makes the same kind of write,
//     or to a helper of the package given the object that reads it again by
//     it into another variable and writes that (`return u.retryUpdate(ctx,
//     cp)`); the same call again of a helper that reads its own object (with the turn's own arguments in a `for {}`
//     that only a break or return leaves, or in a new run of the function that the failure path starts, `go r.wait(obj,
//     t, n+1)`, handed the same parameters), unless it runs on a tick. A tick loop (one that waits on a
//     timer each turn, left only by a stop: `for { select { case <-ticker.C:
//     ... } }`, `for range time.Tick(d)`, a top-level `time.Sleep`,
//     `wait.Until`) heals it a period later: graded until-resync.
//   - Not judged, since the component is stopping: a path that leaves by `case
//     <-ctx.Done():` or `case <-stopCh:` after the failure (a select without
//     default waits for a case: no path leaves past its last one).
//   - Surfaced (reported in strict mode): a path that gives the error to a
//     test (`t.Fatal`, `require.NoError`, gomega's `Expect`, `ginkgo.Fail`,
//     Error and Fatal of a test context: a type with `FailNow()` and `Failed()
//     bool`), or to a function that fails the test and never returns (an e2e
//     framework's `Failf` by fact; Kubernetes' `Failf`, `ExpectNoError` by name).
//   - Handed off: a path that sends, stores or gives the error to code unseen.
//   - Reported: a path that only logs it (tabled loggers, zerolog's events
//     but those begun by `Fatal` or `Panic`, which end the program; any
//     function without an error result that takes it, or its message, in a
//     final `...any` parameter: logrus, zap's sugared logger, glog, klog v1;
//     such a method of a value that carries it: logrus's
//     `log.WithError(err).Error("msg")`), keeps only its text (a function
//     without results that uses it only as `err.Error()` or in `fmt.Sprintf`,
//     as a restore's warnings `Add(ns, err)`; across packages by fact), swallows or drops it, or has nowhere
//     to return it (a goroutine, an event handler, a deferred closure's local).
//   - Reported: a path that ends the program (`log.Fatal`, `klog.Fatal`,
//     `os.Exit`, `panic`, `Fatal*`/`Panic*` of a logger by shape: logrus,
//     glog, klog v1; or returns it from a cobra command's `RunE`, which prints
//     it and exits, or from the `Start` of a runnable given to a
//     controller-runtime manager in the package, which stops the manager).
//   - Reported: a path that answers an HTTP request with it (a call given
//     `http.ResponseWriter`, gin's `*Context` or go-restful's `*Response`):
//     the requester learns of it, nothing writes again.
//   - Reported: a path that returns it from a function literal given to
//     another package as `any`, as schedulers take tasks (gocron's `NewTask`,
//     `Do`): called by reflection, not known to act on it. ginkgo's
//     `DeferCleanup` and gomock's `DoAndReturn` act on it; a parameter of a
//     function type with an error result (errgroup's `Go`) hands it on.
//
// # Only on proof
//
// A loss is reported only when the model proves it. Tests of the error are
// judged on the concrete Conflict: `err != nil` and `apierrors.IsConflict`
// hold, the other apierrors predicates do not; `errors.Is` against another
// error is false; `errors.As` into a type that neither is a *StatusError (nor
// an interface one satisfies) nor wraps an error is false; a reason or code
// compared with a constant (`apierrors.ReasonForError(err)`,
// `statusErr.ErrStatus.Reason`, `.Code == 409`) is evaluated; a message test
// (`strings.Contains(err.Error(), "exceeded quota")`, a regular expression's
// literal parts) is decided when it holds, or fails, whatever the resource and
// name are; a predicate of the program (`func isRetryable(err error) bool`) is
// evaluated from its body, across packages by fact. A requeue built by a
// helper (`return ctrlutil.RequeueAfter(ctx, d, "")`) counts when the helper
// asks for a requeue on every return (by fact across packages), and
// `reconcile.TerminalError(err)` is a loss: controller-runtime never requeues
// it.
//
// Where a path meets what the model cannot decide (a test it cannot evaluate,
// a test of another result of the failing call, a type switch over a value
// that carries the failure, a result returned from a call without a fact or
// from an interface method), a loss on that path is unknown, not proven: the
// default mode stays quiet, unless every way the test can go loses the
// failure. Strict mode reports the write and says why its fate is unknown;
// `-unretriedupdate.debug=unknown` lists every such write in the default mode,
// with the construct that left it undecided, so the unknown points can be
// counted and modeled.
//
// # Helpers, built objects and client shapes
//
// A helper of the package whose every failure path hands the error on counts
// as a write where it is called: directly, through a func-typed field or
// variable the package assigns one function (a named function or a function
// literal, `var updateFn = func(...) error {...}`), or through an interface
// method that only such helpers implement (across packages by facts). A helper
// that the package also runs inside a retry scope is not reported at its other
// call sites. An object built from a literal or decoded from a manifest, never
// read, has no resourceVersion and cannot conflict. That is followed across
// functions and packages: a builder whose every return is such an object, or a
// slice of them (`secrets, err := certgen.AsSecrets(...)`), and a write helper
// that sends its parameter, or each element of it, as it was handed in
// (`WriteSecrets(ctx, cs, secrets)`, which Creates each Secret and Updates it
// when it exists): such a helper's write cannot conflict where the caller
// passes it what a builder made. A builder may be a function or a method, in
// any package (`r.newCronJob(x)`, `tester.NewDeployment()`), a deep copy of a
// fresh object is fresh too, and handing its object to a helper that leaves it
// without a version (a create helper that sends it through a client-go typed `Create` and drops the stored copy, a
// wait that only reads it, a comparison, `reflect.DeepEqual`, also by fact) keeps it fresh, as does handing a part without metadata
// (`GetSelectorPods(d.Spec.Selector)`), or through a function of the package that hands it back
// (`d = addOwnership(d).(*appsv1.Deployment)`); a controller-runtime `Create`, which decodes the stored object into its
// argument, does not. Nor can a delete handler's object (`DeleteFunc`, `OnDelete`), gone: NotFound, not Conflict. An
// object whose resourceVersion the function blanks on every path to the write
// (`pod.ResourceVersion = ""`, `SetResourceVersion("")`), with nothing giving
// it one again in between, cannot conflict either (a controller-runtime write
// in a loop that starts after the blanking sends the version its previous turn
// returned: reported), nor can a write that runs only while its object's
// `creationTimestamp` is zero (`if obj.CreationTimestamp.IsZero()`, or a method
// of the package that returns true only then): the server sets one on every
// object it returns. Typed writes are recognised by shape on clients, not on
// look-alike stores: `Update`/`UpdateStatus` with `(ctx, *T,
// metav1.UpdateOptions) (*T, error)`, or `(*T) (*T, error)` as in client-go
// before v0.18 and wrangler's generic controllers, where `T` is a Kubernetes
// object. A `Patch` whose body is a read object (typed or dynamic, of
// `json.Marshal(obj)`; controller-runtime's, with `client.Merge`) sends its
// resourceVersion, which the server checks: it is a write too.
//
// # Consequence
//
// Each finding ends with a grade of how long the lost write leaves the cluster
// wrong, from evidence in the package (standalone, also a helper's callers:
// [grades](../usage.md#consequence-grades)); without it, `lost`.
//
//   - until-event, "lost until the next event": the method's receiver type
//     watches the written kind, unfiltered: a builder chain of the package (`For`, `Owns` or `Watches`, no option but `MatchEveryOwner` or
//     `OnlyMetadata`, no `WithEventFilter`) that completes with a value of the
//     type (through a variable too: what its assignments at the top of the
//     function add; one under a condition adds only its filter), or `controller.New` (or a project's constructor taking its
//     `Options`) with the type as `Reconciler` (an interface, or a controller parameter: the package's one reconciler) and a
//     `Watch` of `source.Kind` without predicates, or a project's wrapper passing its object and handler to one (a fact;
//     through an interface it alone implements). A watch that maps to the controller owner only (`Owns`, `EnqueueRequestForOwner(...,
//     OnlyControllerOwner())`) does not count for a kind the package gives only `SetOwnerReference`. Or the type's methods
//     are called from a non-empty `UpdateFunc` of a handler
//     (`AddEventHandler(c.handler())` too, or a function of the package that registers its handler parameter, `s.addHandler(createHandlers(c))`) on an informer of the kind: a typed
//     informer's `Informer()`, or a variable or field every store in view sets to one (a datastore's `SettingInformer` field, known across packages by a fact); a `FilteringResourceEventHandler` may drop the change. An `UpdateFunc` that only puts a typed event on the project's own queue (`c.enqueue(cm, ConfigMapUpdate)`), whose worker decides by the event's type or by that field, heals only what the worker runs for it, and its resync nothing else. Or a wrangler controller of the kind runs a method of the type from `OnChange` (`nodes.OnChange(ctx, "sync", h.sync)`; `OnRemove`, run on deletions, is no watch). Or an informer's handler on the kind signals a channel on every update (an `UpdateFunc`, or a type's `OnUpdate` that sends into a channel field, known across packages by a fact) and a loop receives from it and calls the type's methods: in the function that registers the handler, or where a function that returns the channel is called (a fact; through an interface it alone implements), the variable set otherwise only by a forwarder of the package (a throttle); the resync does not count there.
//   - until-resync, "lost until resync (10m)": a periodic pass redoes it.
//     Either the type's `Reconcile` asks for a requeue (`RequeueAfter`; `Requeue: true` gives no period) on every return
//     without an error but the `IsNotFound` one after the Get of the request's
//     object (or a project's getter of it, `GetCRWithDefaults`; gone: nothing to redo), or on every return after the write's statement (a deletion's return before it cannot follow it; the standalone command also takes a helper called only there, or one each call of which only requeueing returns can follow), written in place or held by a local `rr
//     := reconcile.Result{RequeueAfter: d}` that nothing changes in part (a
//     value read at run time gives no period; one held in the Reconcile's own variable set once from constants, `requeueInterval := time.Minute`, has its period); or the type's handlers ask for a
//     constant resync of their own (`AddEventHandlerWithResyncPeriod(h,
//     30*time.Second)`; a period of 0 turns resync off for that handler); or
//     they take the informer's default (`AddEventHandler`, a watch without
//     predicates) and a constant default is in view: an informer factory's or
//     a manager cache's `SyncPeriod` (a constant, a variable set once from constants, a command-line flag's default), set in the package or by a function it
//     calls (known through a fact; the standalone command reads `main` too, each program's for the packages it imports, the harshest where several do, and takes controller-runtime's default, 10h, for a program that builds a manager and names neither a `SyncPeriod` nor an informer of its own); or the write runs on a tick (see
//     "Retried": a ticker's period is read from its `time.NewTicker`), with
//     every object it sends read on that turn, in an unexported function that only ticks run (standalone, an exported
//     one of a `main` or `internal/` package too, that the whole program calls only in its package) (not a worker taking from a work queue, which `wait.Until`
//     restarts only once the queue shuts down, but its type switch's case for
//     a signal a tick adds to that queue, when the case ignores the signal),
//     or first once, then on ticks; or (standalone) a tick lists every object and queues an event for each on the project's own queue (`cache.FIFO`, a work queue, a channel), and the worker runs the write for the tick's events (a switch or `if` on a field the tick set from constants, a type switch on the event's type), or on the main line of a function it runs for them (not behind another branch but a deletion test; not a helper handed an object of the kind it writes: the change is its caller's). The smallest constant period is shown;
//     "lost until resync" without a period: the period is not a constant.
//   - reported, "reported by exit status": the failure ends the program (a
//     restart may redo it) or fails a test; "reported to the client": it
//     answers an HTTP request. Someone is told.
//   - lost, "lost for good": none of the above, a cleanup for an object that
//     is gone (`IsNotFound` of the first Get of the request or of a `key`
//     parameter; past `controllerutil.RemoveFinalizer` and its write, not after a deletion branch that returns), or a write after the
//     function records, in a package variable or a receiver field, what makes
//     an earlier early return of its own taken (`c.applied = true` under `if
//     c.applied { return }`), or behind an edge test, a condition naming two objects of another kind of which the function
//     writes one later on its way (`if fromZero(current, desired)` before the Update of desired), in the function or at
//     every call of it, or in a function literal that a `sync.Once` runs: the next run skips it.
//   - unknown, "fate unknown": a strict-mode finding whose failure the model
//     cannot follow.
//
// `-consequence=lost,unknown` reports only the grades listed; the grade is the
// `-json` `consequence` field and the SARIF level (error: lost, unknown;
// warning: until-resync; note: the others).
//
// # What it gives up
//
// A helper of another package that drops the Conflict for another error is
// reported at the caller where that error dies (the drop is not in view); a
// level-triggered controller whose watch brings the object back after a lost
// Conflict is still reported, graded until-event (see
// https://github.com/conflictlint/conflictlint/blob/main/docs/evaluation.md#level-triggered-controllers-decision);
// an unknown callee of another package that receives the error counts as
// handing it on. Under go vet, a datastore helper whose write the importers'
// watches redo is graded `lost` (its importers are not in view); predicates
// are not read: any predicate on a watch filters its events and resyncs alike
// (many drop a resync's update, same spec and generation); nor is an edge
// test's condition (one the later write leaves true makes the grade harsher).
// A blanked resourceVersion is taken as meant: the write overwrites what
// others changed since the read (retryreget reports a blanking inside a retry).
//
// # Fixes
//
// Where the function can hand the error on (a function declaration whose last
// result is an `error`: a Reconcile, a sync handler) and returning early skips
// nothing but logging, `-fix` returns the error, as in the example at the top.
// The logs always stay: a duplicate line costs less than a lost message, and
// an edit that deletes nothing cannot leave a logger unused. A branch that
// logs (or does nothing) and returns zero values with a nil error returns the
// error instead (`return ctrl.Result{Requeue: false}, nil` becomes `return
// ctrl.Result{Requeue: false}, err`). A dropped error followed only by logging
// and that final return becomes an error branch:
//
//	// before
//	_, _ = c.kube.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{})
//	return nil
//
//	// after
//	if _, err := c.kube.CoreV1().ConfigMaps(ns).Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
//		return err
//	}
//	return nil
//
// The other results are the zero values the function's own return used. When
// more code follows, returning early would skip it: no fix; nor in function
// literals (a poll condition decides what its error means).
//
// Where nobody can receive the error (an event handler, a goroutine, a one-shot
// tool), and the object's last read, plain changes to it (field assignments,
// `delete`, `SetLabels`-style setters, `controllerutil.AddFinalizer`,
// `meta.SetStatusCondition`, with operands that call nothing) and the write
// follow each other in one block, `-fix` wraps the changes and the write in
// `retry.RetryOnConflict` with a re-read at the top of the closure. Statements
// between the read and the changes stay where they are if they do not touch the
// object (or only read its fields of basic type, as in `log.Printf("updating
// %s", cm.Name)`), and an earlier write of the object by the same method, whose
// failure leaves the block (`return`, `log.Fatal`, `os.Exit`, `panic`), counts
// as its read: past it the server holds every change the object carried. The
// read stays where it is (with its error check), and whatever the code did with
// the write's error it now does with the retry's. With controller-runtime:
//
//	if err := c.Get(ctx, key, &cm); err != nil {
//		return err
//	}
//	if err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
//		if err := c.Get(ctx, client.ObjectKeyFromObject(&cm), &cm); err != nil {
//			return err
//		}
//		cm.Data["owner"] = owner
//		return c.Update(ctx, &cm)
//	}); err != nil {
//		log.Printf("update: %v", err)
//	}
//
// With a client-go typed or dynamic client, whose returned object the
// statement must drop, the object is reassigned from the Get of the same
// resource interface (before: the Get, `cm.Data["owner"] = owner` and the
// Update whose error is logged):
//
//	cm, err := cs.CoreV1().ConfigMaps("ns").Get(ctx, "cm", metav1.GetOptions{})
//	if err != nil {
//		log.Fatal(err)
//	}
//	if err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
//		latest, err := cs.CoreV1().ConfigMaps("ns").Get(ctx, cm.GetName(), metav1.GetOptions{})
//		if err != nil {
//			return err
//		}
//		cm = latest
//		cm.Data["owner"] = owner
//		_, err = cs.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{})
//		return err
//	}); err != nil {
//		log.Printf("update: %v", err)
//	}
//
// An element of a List result (`d := &list.Items[i]`) counts as read by the
// List; a statement that copies a value out of a map field (`if _, ok :=
// d.Annotations[k]; !ok { continue }`) or logs `klog.KObj(d)` (namespace and
// name only) stays before the retry like any other read of a basic value.
//
// An object the caller handed in (a parameter) gets the wrap only when the
// function makes plain changes of its own right before the write, and nothing
// earlier in the function changes it. The re-read comes only after a
// Conflict, so the first attempt sends what the code sent before, the
// caller's changes included, and the next makes the function's changes again
// on the stored object (the caller's copy, stale, could not be written):
//
//	// before
//	func (r *Reconciler) markReady(ctx context.Context, pod *corev1.Pod) {
//		pod.Status.Phase = corev1.PodRunning
//		if err := r.Status().Update(ctx, pod); err != nil {
//			log.Printf("marking %s ready: %v", pod.Name, err)
//		}
//	}
//
//	// after
//	func (r *Reconciler) markReady(ctx context.Context, pod *corev1.Pod) {
//		if err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
//			pod.Status.Phase = corev1.PodRunning
//			err := r.Status().Update(ctx, pod)
//			if apierrors.IsConflict(err) {
//				if err := r.Get(ctx, client.ObjectKeyFromObject(pod), pod); err != nil {
//					return err
//				}
//			}
//			return err
//		}); err != nil {
//			log.Printf("marking %s ready: %v", pod.Name, err)
//		}
//	}
//
// A typed client's parameter is reassigned from the Get of the same resource
// interface in that branch (`cm = latest`). Given up: after a Conflict, the
// caller's changes for this write are not sent again (the original lost them
// too), and a caller that goes on to send its copy without a resourceVersion
// now sends the re-read object.
//
// A `controllerutil.CreateOrUpdate` whose Conflict is lost is wrapped as it
// is: it reads the object and runs the mutate function on what it read on
// every call, so the retry needs no re-read of its own. An operation result in
// use (`op, err := controllerutil.CreateOrUpdate(...)`) is declared before
// the retry:
//
//	var op controllerutil.OperationResult
//	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
//		var err error
//		op, err = controllerutil.CreateOrUpdate(ctx, c, cm, func() error {
//			cm.Data = map[string]string{"owner": "me"}
//			return nil
//		})
//		return err
//	})
//
// Other shapes are reported without a fix: a parameter written without a plain
// change of the function's own right before the write (a retry would resend
// the stored object unchanged and report success, and the message says so), a
// field of another value (its holder may have changed it), a change computed
// by a call, a write whose returned object is used. The one kind of call a
// moved change may make is a clock read, and values computed from a time
// (`time.Now().UTC().Format(time.RFC3339)`, `metav1.Now()`): made again in the
// retry, a timestamp records the attempt that is written, which is what it is
// for.
package unretriedupdate
