// Package submariner_createorupdatedeployment reduces a bug fixed in
// submariner-io/submariner-operator.
//
//	repo:     https://github.com/submariner-io/submariner-operator
//	fix:      https://github.com/submariner-io/submariner-operator/pull/553 (commit d26d7c8d042593aaaf580e25b9e556b41a79eac8, "Don't modify error on Update")
//	file:     pkg/utils/createorupdate.go (called from pkg/subctl/operator/common/operatorpod/ensure.go)
//	function: CreateOrUpdateDeployment (and its siblings for cluster roles, bindings, CRDs, roles and service accounts), used by subctl
//
// When the object already existed, the helper re-read it inside
// retry.RetryOnConflict, copied the live resourceVersion onto the desired
// object and updated it, but it returned the Update's error rewrapped with
// fmt.Errorf and %v: the API status was lost, IsConflict was false, and
// the retry gave up on the first Conflict, so `subctl join` failed when
// the operator changed its own Deployment at the same moment. The fix
// returns the Update error as it is. Client-go of 2020: no context.
package submariner_createorupdatedeployment

import (
	"fmt"

	kubernetes "example.com/legacy/client-go/kubernetes"
	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/api/errors"
	v1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
)

// CreateOrUpdateDeploymentBuggy is CreateOrUpdateDeployment before the fix.
func CreateOrUpdateDeploymentBuggy(clientSet kubernetes.Interface, namespace string, deployment *appsv1.Deployment) (bool, error) {
	_, err := clientSet.AppsV1().Deployments(namespace).Create(deployment)
	if err != nil && errors.IsAlreadyExists(err) {
		retryErr := retry.RetryOnConflict(retry.DefaultRetry, func() error {
			existingDeployment, err := clientSet.AppsV1().Deployments(namespace).Get(deployment.Name, v1.GetOptions{})
			if err != nil {
				return fmt.Errorf("failed to retrieve pre-existing deployment %s : %v", deployment.Name, err)
			}
			deployment.ResourceVersion = existingDeployment.ResourceVersion
			// Potentially retried
			_, err = clientSet.AppsV1().Deployments(namespace).Update(deployment)
			if err != nil {
				return fmt.Errorf("failed to update pre-existing deployment %s : %v", deployment.Name, err) // realbug: retryreget
			}
			return nil
		})
		return false, retryErr
	}
	return true, err
}

// CreateOrUpdateDeploymentFixed is CreateOrUpdateDeployment after the fix.
func CreateOrUpdateDeploymentFixed(clientSet kubernetes.Interface, namespace string, deployment *appsv1.Deployment) (bool, error) {
	_, err := clientSet.AppsV1().Deployments(namespace).Create(deployment)
	if err != nil && errors.IsAlreadyExists(err) {
		retryErr := retry.RetryOnConflict(retry.DefaultRetry, func() error {
			existingDeployment, err := clientSet.AppsV1().Deployments(namespace).Get(deployment.Name, v1.GetOptions{})
			if err != nil {
				return fmt.Errorf("failed to retrieve pre-existing deployment %s : %v", deployment.Name, err)
			}
			deployment.ResourceVersion = existingDeployment.ResourceVersion
			// Potentially retried
			_, err = clientSet.AppsV1().Deployments(namespace).Update(deployment)
			return err
		})
		return false, retryErr
	}
	return true, err
}

func waitForReady(clientSet kubernetes.Interface, namespace, name string) error { return nil }

// ensure is operatorpod.Ensure, which subctl calls to deploy the operator.
func ensure(clientSet kubernetes.Interface, namespace string, fixed bool) (bool, error) {
	deployment := &appsv1.Deployment{ObjectMeta: v1.ObjectMeta{Name: "submariner-operator", Namespace: namespace}}
	var created bool
	var err error
	if fixed {
		created, err = CreateOrUpdateDeploymentFixed(clientSet, namespace, deployment)
	} else {
		created, err = CreateOrUpdateDeploymentBuggy(clientSet, namespace, deployment)
	}
	if err != nil {
		return false, err
	}
	err = waitForReady(clientSet, namespace, deployment.Name)
	return created, err
}
