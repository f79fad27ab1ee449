// Package skupper_createconnector reduces a bug fixed in
// skupperproject/skupper.
//
//	repo:     https://github.com/skupperproject/skupper
//	fix:      https://github.com/skupperproject/skupper/pull/198 (commit b95560d3218cc232aa5ad7cad0fc3629cea39031; issue 197)
//	file:     client/connector_create.go
//	function: (*VanClient).createConnector, from ConnectorCreate (the `skupper connect` command and the site controller)
//
// To add a connection, the client read the router Deployment, added the
// connector to its configuration and updated it; on a Conflict it slept
// and sent the same Deployment again, up to ten times, so every retry
// carried the stale resourceVersion and failed the same way ("retries
// without updating the resource to its latest version", issue 197). The
// fix re-reads the Deployment and re-applies the connector inside
// retry.RetryOnConflict. Client-go of 2020: no context.
package skupper_createconnector

import (
	"context"
	"fmt"
	"time"

	kubernetes "example.com/legacy/client-go/kubernetes"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
)

const (
	transportDeploymentName = "skupper-router"
	transportModeInterior   = "interior"
)

type ConnectorCreateOptions struct {
	Name             string
	SkupperNamespace string
	Cost             int32
}

type Connector struct {
	Name string
	Host string
	Port string
	Role string
	Cost int32
}

type VanClient struct {
	KubeClient kubernetes.Interface
}

// getDeployment is model.GetDeployment.
func getDeployment(name, namespace string, cli kubernetes.Interface) (*appsv1.Deployment, error) {
	existing, err := cli.AppsV1().Deployments(namespace).Get(name, metav1.GetOptions{})
	if err != nil {
		return nil, err
	}
	return existing, err
}

func getTransportMode(dep *appsv1.Deployment) string {
	return dep.Annotations["skupper.io/router-mode"]
}

// addConnector is qdr.AddConnector: it adds the connector to the router
// configuration held in the Deployment's pod template.
func addConnector(connector *Connector, dep *appsv1.Deployment) {
	if dep.Spec.Template.Annotations == nil {
		dep.Spec.Template.Annotations = map[string]string{}
	}
	dep.Spec.Template.Annotations["skupper.io/connector-"+connector.Name] = connector.Host + ":" + connector.Port
}

func newConnector(secret *corev1.Secret, options ConnectorCreateOptions, mode string) Connector {
	connector := Connector{Name: options.Name, Cost: options.Cost}
	if mode == transportModeInterior {
		connector.Host = secret.ObjectMeta.Annotations["inter-router-host"]
		connector.Port = secret.ObjectMeta.Annotations["inter-router-port"]
		connector.Role = "inter-router"
	} else {
		connector.Host = secret.ObjectMeta.Annotations["edge-host"]
		connector.Port = secret.ObjectMeta.Annotations["edge-port"]
		connector.Role = "edge"
	}
	return connector
}

// ConnectorCreateBuggy is ConnectorCreate before the fix.
func (cli *VanClient) ConnectorCreateBuggy(ctx context.Context, secret *corev1.Secret, options ConnectorCreateOptions) error {
	current, err := getDeployment(transportDeploymentName, options.SkupperNamespace, cli.KubeClient)
	if err == nil {
		return cli.createConnectorBuggy(ctx, secret, options, current)
	}
	return fmt.Errorf("Failed to retrieve router deployment: %w", err)
}

// createConnectorBuggy is createConnector before the fix.
func (cli *VanClient) createConnectorBuggy(ctx context.Context, secret *corev1.Secret, options ConnectorCreateOptions, current *appsv1.Deployment) error {
	connector := newConnector(secret, options, getTransportMode(current))
	addConnector(&connector, current)

	_, err := cli.KubeClient.AppsV1().Deployments(options.SkupperNamespace).Update(current) // realbug: unretriedupdate fp=strict "the same bug as the staleupdate marker below, seen by unretriedupdate (the stale retry loop overwrites this failure); counted once, under staleupdate"
	for i := 0; i < 10 && errors.IsConflict(err); i++ {
		time.Sleep(500 * time.Millisecond)
		_, err = cli.KubeClient.AppsV1().Deployments(options.SkupperNamespace).Update(current) // realbug: staleupdate // realbug: unretriedupdate fp=strict "the same bug as this line's staleupdate marker; strict mode does not take the hand-written loop for a retry scope"
	}
	if err != nil {
		return fmt.Errorf("Failed to update qdr deployment: %w", err)
	}
	return nil
}

// ConnectorCreateFixed is ConnectorCreate after the fix.
func (cli *VanClient) ConnectorCreateFixed(ctx context.Context, secret *corev1.Secret, options ConnectorCreateOptions) error {
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		current, err := getDeployment(transportDeploymentName, options.SkupperNamespace, cli.KubeClient)
		if err != nil {
			return err
		}
		connector := newConnector(secret, options, getTransportMode(current))
		addConnector(&connector, current)

		_, err = cli.KubeClient.AppsV1().Deployments(options.SkupperNamespace).Update(current)
		return err
	})
	if err != nil {
		return fmt.Errorf("Failed to update qdr deployment: %w", err)
	}
	return nil
}
