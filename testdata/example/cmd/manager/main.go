// Command manager runs the widget operator: the widget and pod gate
// reconcilers on a controller-runtime manager, and the config watcher on a
// shared informer factory.
package main

import (
	"context"
	"flag"
	"os"

	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	"sigs.k8s.io/controller-runtime/pkg/manager"

	"example.com/widget-operator/internal/controller"
	"example.com/widget-operator/internal/informer"
)

func main() {
	var watchNamespace string
	var leaderElect bool
	flag.StringVar(&watchNamespace, "config-namespace", "widget-system", "namespace whose widget ConfigMaps the config watcher looks after")
	flag.BoolVar(&leaderElect, "leader-elect", false, "enable leader election")
	opts := zap.Options{}
	opts.BindFlags(flag.CommandLine)
	flag.Parse()
	ctrl.SetLogger(zap.New(zap.UseFlagOptions(&opts)))
	log := ctrl.Log.WithName("setup")

	scheme := runtime.NewScheme()
	utilruntime.Must(clientgoscheme.AddToScheme(scheme))

	cfg := ctrl.GetConfigOrDie()
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{
		Scheme:           scheme,
		LeaderElection:   leaderElect,
		LeaderElectionID: "widget-operator.widgets.example.com",
	})
	if err != nil {
		log.Error(err, "Unable to create manager")
		os.Exit(1)
	}

	if err := (&controller.WidgetReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}).SetupWithManager(mgr); err != nil {
		log.Error(err, "Unable to set up controller", "controller", "widget")
		os.Exit(1)
	}
	if err := (&controller.PodGateReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		log.Error(err, "Unable to set up controller", "controller", "podgate")
		os.Exit(1)
	}

	kube := kubernetes.NewForConfigOrDie(cfg)
	factory := informers.NewSharedInformerFactoryWithOptions(kube, 0, informers.WithNamespace(watchNamespace))
	watcher, err := informer.New(ctrl.LoggerInto(context.Background(), ctrl.Log.WithName("config-watcher")), kube, watchNamespace, factory.Core().V1().ConfigMaps())
	if err != nil {
		log.Error(err, "Unable to set up config watcher")
		os.Exit(1)
	}
	err = mgr.Add(manager.RunnableFunc(func(ctx context.Context) error {
		factory.Start(ctx.Done())
		defer factory.Shutdown()
		return watcher.Run(ctx, 2)
	}))
	if err != nil {
		log.Error(err, "Unable to add config watcher")
		os.Exit(1)
	}

	log.Info("Starting manager")
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		log.Error(err, "Manager exited with an error")
		os.Exit(1)
	}
}
