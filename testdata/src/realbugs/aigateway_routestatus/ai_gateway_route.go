// Package aigateway_routestatus reduces a bug fixed in envoyproxy/ai-gateway.
//
//	repo:     https://github.com/envoyproxy/ai-gateway
//	fix:      https://github.com/envoyproxy/ai-gateway/pull/992 (commit c6acdd2fb044e283883cd71e9b378a29cd8a7470)
//	file:     internal/controller/ai_gateway_route.go
//	function: (*AIGatewayRouteController).updateAIGatewayRouteStatus, called from Reconcile
//
// The helper set the route's Accepted or NotAccepted condition and wrote
// the status once; it has no error result and only logged a failure with
// logr, so after a Conflict Reconcile returned success and the condition
// never reached the cluster. The fix re-reads the route inside
// retry.RetryOnConflict and sets the condition on the fresh copy (a
// failure after the retries is still only logged).
package aigateway_routestatus

import (
	"context"

	"github.com/go-logr/logr"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

const (
	ConditionTypeAccepted    = "Accepted"
	ConditionTypeNotAccepted = "NotAccepted"
)

type AIGatewayRouteStatus struct {
	Conditions []metav1.Condition
}

type AIGatewayRoute struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status AIGatewayRouteStatus
}

func (in *AIGatewayRoute) DeepCopyObject() runtime.Object { out := *in; return &out }

func newConditions(conditionType, message string) []metav1.Condition {
	return []metav1.Condition{{Type: conditionType, Status: metav1.ConditionTrue, Reason: conditionType, Message: message}}
}

type AIGatewayRouteController struct {
	client client.Client
	logger logr.Logger
}

func (c *AIGatewayRouteController) syncAIGatewayRoute(ctx context.Context, route *AIGatewayRoute) error {
	return nil
}

// ReconcileBuggy is Reconcile before the fix.
func (c *AIGatewayRouteController) ReconcileBuggy(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var aiGatewayRoute AIGatewayRoute
	if err := c.client.Get(ctx, req.NamespacedName, &aiGatewayRoute); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	if err := c.syncAIGatewayRoute(ctx, &aiGatewayRoute); err != nil {
		c.logger.Error(err, "failed to sync AIGatewayRoute")
		c.updateAIGatewayRouteStatusBuggy(ctx, &aiGatewayRoute, ConditionTypeNotAccepted, err.Error())
		return ctrl.Result{}, err
	}
	c.updateAIGatewayRouteStatusBuggy(ctx, &aiGatewayRoute, ConditionTypeAccepted, "AI Gateway Route reconciled successfully")
	return reconcile.Result{}, nil
}

// updateAIGatewayRouteStatusBuggy is updateAIGatewayRouteStatus before the
// fix.
func (c *AIGatewayRouteController) updateAIGatewayRouteStatusBuggy(ctx context.Context, route *AIGatewayRoute, conditionType string, message string) {
	route.Status.Conditions = newConditions(conditionType, message)
	if err := c.client.Status().Update(ctx, route); err != nil { // realbug: unretriedupdate
		c.logger.Error(err, "failed to update AIGatewayRoute status")
	}
}

// updateAIGatewayRouteStatusFixed is updateAIGatewayRouteStatus after the
// fix.
func (c *AIGatewayRouteController) updateAIGatewayRouteStatusFixed(ctx context.Context, route *AIGatewayRoute, conditionType string, message string) {
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := c.client.Get(ctx, client.ObjectKey{Name: route.Name, Namespace: route.Namespace}, route); err != nil {
			if apierrors.IsNotFound(err) {
				return nil
			}
			return err
		}

		route.Status.Conditions = newConditions(conditionType, message)
		return c.client.Status().Update(ctx, route)
	})
	if err != nil {
		c.logger.Error(err, "failed to update AIGatewayRoute status")
	}
}
