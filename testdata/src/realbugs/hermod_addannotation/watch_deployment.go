// Package hermod_addannotation reduces a bug fixed in uswitch/hermod.
//
//	repo:     https://github.com/uswitch/hermod
//	fix:      https://github.com/uswitch/hermod/pull/15 (commit 8d2077623083779bb0551964c794b4ee357a1a90)
//	file:     pkg/kubernetes/watch_deployment.go
//	function: addAnnotation, called from the informer's OnUpdate handler of (*deploymentInformer)
//
// The informer's update handler copied the new Deployment, set hermod's
// state annotation (progressing, pass, fail) on the copy and wrote the
// whole object with the typed client's Update; the handler has no error
// result, so a Conflict (the Deployment is written often during a rollout)
// was only logged with logrus and the state annotation was lost, and with
// it the Slack alert that keys off it. The fix writes the annotation with
// a merge patch that carries no resourceVersion, so it cannot conflict.
package hermod_addannotation

import (
	"context"
	"encoding/json"
	"fmt"

	log "github.com/sirupsen/logrus"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

const (
	revision               = "deployment.kubernetes.io/revision"
	hermodAnnotation       = "hermod.uswitch.com/state"
	hermodPassState        = "pass"
	hermodProgressingState = "progressing"
)

type slackClient struct{}

func (slackClient) SendMessage(channel, msg, color string) error { return nil }

type deploymentInformer struct {
	client      *kubernetes.Clientset
	SlackClient slackClient
	Context     context.Context
}

// handlers registers the update handlers the way the informer does.
func (b *deploymentInformer) handlers() (buggy, fixed cache.ResourceEventHandlerFuncs) {
	return cache.ResourceEventHandlerFuncs{UpdateFunc: b.onUpdateBuggy}, cache.ResourceEventHandlerFuncs{UpdateFunc: b.onUpdateFixed}
}

func rolloutDone(d *appsv1.Deployment) bool {
	conds := d.Status.Conditions
	return len(conds) > 0 && conds[len(conds)-1].Status == corev1.ConditionTrue &&
		d.Generation == d.Status.ObservedGeneration && d.Status.Replicas == d.Status.ReadyReplicas
}

// onUpdateBuggy is OnUpdate before the fix (the failure branch, which
// calls addAnnotation the same way, is left out).
func (b *deploymentInformer) onUpdateBuggy(old, new interface{}) {
	deploymentOld, _ := old.(*appsv1.Deployment)
	deploymentNew, _ := new.(*appsv1.Deployment)

	if deploymentOld.ResourceVersion == deploymentNew.ResourceVersion && deploymentNew.Annotations[hermodAnnotation] != hermodProgressingState {
		return
	}

	updateDeployment := deploymentNew.DeepCopy()

	if deploymentOld.GetAnnotations()[revision] != deploymentNew.GetAnnotations()[revision] && deploymentNew.Annotations[hermodAnnotation] != hermodProgressingState {
		msg := fmt.Sprintf("Rolling out Deployment `%s` in namespace `%s`.", deploymentNew.Name, deploymentNew.Namespace)
		err := addAnnotationBuggy(b.Context, b.client, deploymentNew.Namespace, updateDeployment, hermodProgressingState) // realbug: unretriedupdate
		if err != nil {
			log.Errorf("failed to add annotation: %v", err)
		}
		if err := b.SlackClient.SendMessage("channel", msg, "orange"); err != nil {
			log.Errorf("failed to send slack message: %v", err)
		}
		return
	}

	if rolloutDone(deploymentNew) && deploymentNew.Annotations[hermodAnnotation] != "" {
		if deploymentNew.Annotations[hermodAnnotation] != hermodPassState {
			err := addAnnotationBuggy(b.Context, b.client, deploymentNew.Namespace, updateDeployment, hermodPassState) // realbug: unretriedupdate alt "the same helper's Conflict, lost at the handler's other call"
			if err != nil {
				log.Errorf("failed to add annotation: %v", err)
			}
			msg := fmt.Sprintf("Rollout for Deployment `%s` in `%s` namespace is successful.", deploymentNew.Name, deploymentNew.Namespace)
			if err := b.SlackClient.SendMessage("channel", msg, "green"); err != nil {
				log.Errorf("failed to send slack message: %v", err)
			}
			return
		}
	}
}

// addAnnotationBuggy is addAnnotation before the fix.
func addAnnotationBuggy(ctx context.Context, client *kubernetes.Clientset, namespace string, newDeployment *appsv1.Deployment, state string) error {
	ann := newDeployment.ObjectMeta.Annotations
	ann[hermodAnnotation] = state
	newDeployment.ObjectMeta.Annotations = ann

	_, err := client.AppsV1().Deployments(namespace).Update(ctx, newDeployment, metav1.UpdateOptions{}) // realbug: unretriedupdate alt "strict mode reports the helper's own write, which is outside a retry scope"
	if err != nil {
		return err
	}
	return nil
}

// onUpdateFixed is OnUpdate after the fix: unchanged but for the helper.
func (b *deploymentInformer) onUpdateFixed(old, new interface{}) {
	deploymentOld, _ := old.(*appsv1.Deployment)
	deploymentNew, _ := new.(*appsv1.Deployment)

	if deploymentOld.ResourceVersion == deploymentNew.ResourceVersion && deploymentNew.Annotations[hermodAnnotation] != hermodProgressingState {
		return
	}

	updateDeployment := deploymentNew.DeepCopy()

	if deploymentOld.GetAnnotations()[revision] != deploymentNew.GetAnnotations()[revision] && deploymentNew.Annotations[hermodAnnotation] != hermodProgressingState {
		msg := fmt.Sprintf("Rolling out Deployment `%s` in namespace `%s`.", deploymentNew.Name, deploymentNew.Namespace)
		err := addAnnotationFixed(b.Context, b.client, deploymentNew.Namespace, updateDeployment, hermodProgressingState)
		if err != nil {
			log.Errorf("failed to add annotation: %v", err)
		}
		if err := b.SlackClient.SendMessage("channel", msg, "orange"); err != nil {
			log.Errorf("failed to send slack message: %v", err)
		}
		return
	}

	if rolloutDone(deploymentNew) && deploymentNew.Annotations[hermodAnnotation] != "" {
		if deploymentNew.Annotations[hermodAnnotation] != hermodPassState {
			err := addAnnotationFixed(b.Context, b.client, deploymentNew.Namespace, updateDeployment, hermodPassState)
			if err != nil {
				log.Errorf("failed to add annotation: %v", err)
			}
			msg := fmt.Sprintf("Rollout for Deployment `%s` in `%s` namespace is successful.", deploymentNew.Name, deploymentNew.Namespace)
			if err := b.SlackClient.SendMessage("channel", msg, "green"); err != nil {
				log.Errorf("failed to send slack message: %v", err)
			}
			return
		}
	}
}

// addAnnotationFixed is addAnnotation after the fix: a merge patch of the
// one annotation, without a resourceVersion.
func addAnnotationFixed(ctx context.Context, client *kubernetes.Clientset, namespace string, newDeployment *appsv1.Deployment, state string) error {
	patch := map[string]interface{}{
		"metadata": map[string]map[string]string{
			"annotations": {
				hermodAnnotation: state,
			}}}

	marshalledPatch, err := json.Marshal(patch)
	if err != nil {
		return fmt.Errorf("error marshalling data to json: %v", err)
	}

	_, err = client.AppsV1().Deployments(namespace).Patch(ctx, newDeployment.Name, types.MergePatchType, marshalledPatch, metav1.PatchOptions{})
	if err != nil {
		return err
	}
	return nil
}
