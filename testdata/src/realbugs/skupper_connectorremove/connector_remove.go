// Package skupper_connectorremove reduces a bug fixed in
// skupperproject/skupper.
//
//	repo:     https://github.com/skupperproject/skupper
//	fix:      https://github.com/skupperproject/skupper/pull/202 (commit 11f9b7b52222ec3373f36ee84137058a49eed184, "add retry on conflict")
//	file:     client/connector_remove.go, called from cmd/skupper/skupper.go
//	function: (*VanClient).ConnectorRemove, from the Run of `skupper disconnect`
//
// To remove a connection, the client read the router Deployment, rewrote
// the router configuration without the connector, removed the connector's
// secret volume, deleted the secret and updated the Deployment. A Conflict
// on that Update went back to the command, which printed it and called
// os.Exit(1): the secret was gone but the router still mounted and used
// it. The fix re-reads the Deployment and redoes the change inside
// retry.RetryOnConflict. Client-go of 2020: no context.
package skupper_connectorremove

import (
	"context"
	"fmt"
	"os"

	kubernetes "example.com/legacy/client-go/kubernetes"
	"github.com/spf13/cobra"
	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
)

const transportDeploymentName = "skupper-router"

type ConnectorRemoveOptions struct {
	Name             string
	SkupperNamespace string
	ForceCurrent     bool
}

type VanClient struct {
	KubeClient kubernetes.Interface
	Namespace  string
}

func getDeployment(name, namespace string, cli kubernetes.Interface) (*appsv1.Deployment, error) {
	return cli.AppsV1().Deployments(namespace).Get(name, metav1.GetOptions{})
}

// removeConnectorConfig drops the connector from the router configuration
// held in the Deployment (qdr.ListRouterConnectors, configs.ConnectorConfig,
// model.SetEnvVarForDeployment and model.RemoveSecretVolumeForDeployment).
func removeConnectorConfig(name string, dep *appsv1.Deployment) bool {
	key := "skupper.io/connector-" + name
	if _, ok := dep.Spec.Template.Annotations[key]; !ok {
		return false
	}
	delete(dep.Spec.Template.Annotations, key)
	return true
}

func deleteSecret(name, namespace string, cli kubernetes.Interface) error {
	return cli.CoreV1().Secrets(namespace).Delete(name, &metav1.DeleteOptions{})
}

// ConnectorRemoveBuggy is ConnectorRemove before the fix.
func (cli *VanClient) ConnectorRemoveBuggy(ctx context.Context, options ConnectorRemoveOptions) error {
	current, err := getDeployment(transportDeploymentName, options.SkupperNamespace, cli.KubeClient)
	if err == nil {
		found := removeConnectorConfig(options.Name, current)
		if found || options.ForceCurrent {
			deleteSecret(options.Name, options.SkupperNamespace, cli.KubeClient)
			_, err = cli.KubeClient.AppsV1().Deployments(options.SkupperNamespace).Update(current) // realbug: unretriedupdate
			if err != nil {
				return fmt.Errorf("Failed to remove connection: %w", err)
			}
		}
	} else if errors.IsNotFound(err) {
		return fmt.Errorf("Skupper not enabled in: %s", options.SkupperNamespace)
	} else {
		return fmt.Errorf("Failed to retrieve transport deployment: %w", err)
	}
	return err
}

// ConnectorRemoveFixed is ConnectorRemove after the fix.
func (cli *VanClient) ConnectorRemoveFixed(ctx context.Context, options ConnectorRemoveOptions) error {
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		current, err := getDeployment(transportDeploymentName, options.SkupperNamespace, cli.KubeClient)
		if err != nil {
			return err
		}
		found := removeConnectorConfig(options.Name, current)
		if found || options.ForceCurrent {
			deleteSecret(options.Name, options.SkupperNamespace, cli.KubeClient)
			_, err = cli.KubeClient.AppsV1().Deployments(options.SkupperNamespace).Update(current)
			return err
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("Failed to update skupper-router deployment: %w", err)
	}
	return nil
}

// disconnectCommand is the `skupper disconnect` command of the CLI.
func disconnectCommand(cli *VanClient, fixed bool) *cobra.Command {
	return &cobra.Command{
		Use:   "disconnect <name>",
		Short: "Remove specified connection",
		Run: func(cmd *cobra.Command, args []string) {
			opts := ConnectorRemoveOptions{Name: args[0], SkupperNamespace: cli.Namespace}
			var err error
			if fixed {
				err = cli.ConnectorRemoveFixed(context.Background(), opts)
			} else {
				err = cli.ConnectorRemoveBuggy(context.Background(), opts) // realbug: unretriedupdate alt "the Conflict goes on to the command's Run, which prints it and calls os.Exit(1)"
			}
			if err == nil {
				fmt.Println("Connection '" + args[0] + "' has been removed")
			} else {
				fmt.Println("Failed to remove connection: ", err.Error())
				os.Exit(1)
			}
		},
	}
}
