// Package controllerruntime is a test stub of sigs.k8s.io/controller-runtime,
// the root package conventionally imported as ctrl.
package controllerruntime

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client/config"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/manager/signals"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Aliases of types declared elsewhere.
type (
	Builder    = builder.Builder
	Request    = reconcile.Request
	Result     = reconcile.Result
	Manager    = manager.Manager
	Options    = manager.Options
	TypeMeta   = metav1.TypeMeta
	ObjectMeta = metav1.ObjectMeta
)

// Function values re-exported from other packages. Upstream declares these as
// variables, so a call through them has no static *types.Func callee.
var (
	GetConfigOrDie         = config.GetConfigOrDie
	GetConfig              = config.GetConfig
	NewControllerManagedBy = builder.ControllerManagedBy
	NewManager             = manager.New
	CreateOrPatch          = controllerutil.CreateOrPatch
	CreateOrUpdate         = controllerutil.CreateOrUpdate
	SetControllerReference = controllerutil.SetControllerReference
	SetupSignalHandler     = signals.SetupSignalHandler
	Log                    = log.Log
	LoggerFrom             = log.FromContext
	LoggerInto             = log.IntoContext
	SetLogger              = log.SetLogger
)
