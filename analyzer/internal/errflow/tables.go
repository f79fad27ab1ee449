package errflow

// Knowledge of the functions an error commonly meets, apart from the logic.

type funcKey struct{ pkg, name string }

type methodKey struct{ pkg, typ, name string }

// loggingFuncs print or record an error and let the program carry on.
var loggingFuncs = map[funcKey]bool{
	{"log", "Print"}: true, {"log", "Printf"}: true, {"log", "Println"}: true,
	{"fmt", "Print"}: true, {"fmt", "Printf"}: true, {"fmt", "Println"}: true,
	{"fmt", "Fprint"}: true, {"fmt", "Fprintf"}: true, {"fmt", "Fprintln"}: true,
	{"fmt", "Sprint"}: true, {"fmt", "Sprintf"}: true, {"fmt", "Sprintln"}: true,
	{"k8s.io/klog/v2", "Error"}: true, {"k8s.io/klog/v2", "Errorf"}: true, {"k8s.io/klog/v2", "ErrorS"}: true,
	{"k8s.io/klog/v2", "Errorln"}: true, {"k8s.io/klog/v2", "ErrorDepth"}: true,
	{"k8s.io/klog/v2", "Info"}: true, {"k8s.io/klog/v2", "Infof"}: true, {"k8s.io/klog/v2", "InfoS"}: true,
	{"k8s.io/klog/v2", "Infoln"}:  true,
	{"k8s.io/klog/v2", "Warning"}: true, {"k8s.io/klog/v2", "Warningf"}: true, {"k8s.io/klog/v2", "Warningln"}: true,
	{"k8s.io/apimachinery/pkg/util/runtime", "HandleError"}:            true,
	{"k8s.io/apimachinery/pkg/util/runtime", "HandleErrorWithContext"}: true,
	{"k8s.io/apimachinery/pkg/util/runtime", "HandleErrorWithLogger"}:  true,
	{"go.uber.org/zap", "Error"}:                                       true, {"go.uber.org/zap", "NamedError"}: true,
	{"log/slog", "Error"}: true, {"log/slog", "Warn"}: true, {"log/slog", "Info"}: true,
	{"log/slog", "Any"}: true,
}

// loggingTypes are types all of whose methods only log.
var loggingTypes = map[funcKey]bool{
	{"github.com/go-logr/logr", "Logger"}:              true,
	{"k8s.io/klog/v2", "Verbose"}:                      true,
	{"k8s.io/client-go/tools/record", "EventRecorder"}: true,
	{"go.uber.org/zap", "Logger"}:                      true,
	{"go.uber.org/zap", "SugaredLogger"}:               true,
	{"log/slog", "Logger"}:                             true,
	{"log", "Logger"}:                                  true,
	{"testing", "T"}:                                   true,
	{"testing", "common"}:                              true,
}

// fatalFuncs end the program.
var fatalFuncs = map[funcKey]bool{
	{"log", "Fatal"}: true, {"log", "Fatalf"}: true, {"log", "Fatalln"}: true,
	{"log", "Panic"}: true, {"log", "Panicf"}: true, {"log", "Panicln"}: true,
	{"os", "Exit"}:              true,
	{"k8s.io/klog/v2", "Fatal"}: true, {"k8s.io/klog/v2", "Fatalf"}: true, {"k8s.io/klog/v2", "Fatalln"}: true,
	{"k8s.io/klog/v2", "FatalDepth"}: true,
	{"k8s.io/klog/v2", "Exit"}:       true, {"k8s.io/klog/v2", "Exitf"}: true, {"k8s.io/klog/v2", "Exitln"}: true,
}

// fatalMethods end the program too.
var fatalMethods = map[methodKey]bool{
	{"log", "Logger", "Fatal"}: true, {"log", "Logger", "Fatalf"}: true, {"log", "Logger", "Fatalln"}: true,
	{"log", "Logger", "Panic"}: true, {"log", "Logger", "Panicf"}: true, {"log", "Logger", "Panicln"}: true,
	{"go.uber.org/zap", "Logger", "Fatal"}: true, {"go.uber.org/zap", "Logger", "Panic"}: true,
	{"go.uber.org/zap", "SugaredLogger", "Fatal"}: true, {"go.uber.org/zap", "SugaredLogger", "Fatalf"}: true,
}

// requeueMethods put a key back on a work queue, so the work is retried.
const workqueuePath = "k8s.io/client-go/util/workqueue"

var requeueMethodNames = map[string]bool{"AddRateLimited": true, "AddAfter": true, "Add": true}

// reconcileResult is controller-runtime's reconcile.Result and the fields
// that ask for a requeue.
const reconcilePath = "sigs.k8s.io/controller-runtime/pkg/reconcile"

var requeueFields = map[string]bool{"Requeue": true, "RequeueAfter": true}
