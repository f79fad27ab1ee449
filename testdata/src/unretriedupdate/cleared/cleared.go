// Package cleared: writes of objects whose resourceVersion the function
// blanks before the write, the way virtual-kubelet's handleProviderError
// does "to prevent object has been modified error". Without a version the
// server has nothing to compare, so these writes cannot conflict; the
// blanking must run on every path to the write, and nothing may give the
// object a version again in between.
package cleared

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type PodController struct {
	client kubernetes.Interface
	c      client.Client
}

// handleProviderError is a reduction of virtual-kubelet's.
func (pc *PodController) handleProviderError(ctx context.Context, origErr error, pod *corev1.Pod) {
	phase := corev1.PodPending
	if pod.Status.Phase == corev1.PodFailed {
		phase = corev1.PodFailed
	}
	pod.ResourceVersion = "" // blank it out to prevent "object has been modified"
	pod.Status.Phase = phase
	pod.Status.Message = origErr.Error()
	if _, err := pc.client.CoreV1().Pods(pod.Namespace).UpdateStatus(ctx, pod, metav1.UpdateOptions{}); err != nil { // ok: the resourceVersion is blanked on every path here
		log.Printf("failed to update pod status: %v", err)
	}
}

func (pc *PodController) clearedBySetter(ctx context.Context, pod *corev1.Pod) {
	pod.SetResourceVersion("")
	if err := pc.c.Status().Update(ctx, pod); err != nil { // ok: SetResourceVersion("") blanks it
		log.Print(err)
	}
}

func (pc *PodController) clearedThroughMeta(ctx context.Context, pod *corev1.Pod) {
	pod.ObjectMeta.ResourceVersion = ""
	if err := pc.c.Update(ctx, pod); err != nil { // ok: blanked through ObjectMeta
		log.Print(err)
	}
}

func (pc *PodController) clearedOnOnePath(ctx context.Context, pod *corev1.Pod, force bool) {
	if force {
		pod.ResourceVersion = ""
	}
	if err := pc.c.Update(ctx, pod); err != nil { // want `conflict from pc.c.Update cannot be returned by clearedOnOnePath: requeue the object, or re-read pod inside retry.RetryOnConflict`
		log.Print(err)
	}
}

func (pc *PodController) clearedAfter(ctx context.Context, pod *corev1.Pod) {
	if err := pc.c.Update(ctx, pod); err != nil { // want `conflict from pc.c.Update cannot be returned by clearedAfter: requeue the object, or re-read pod inside retry.RetryOnConflict`
		log.Print(err)
	}
	pod.ResourceVersion = ""
}

func (pc *PodController) rereadAfterClearing(ctx context.Context, pod *corev1.Pod) {
	pod.ResourceVersion = ""
	if err := pc.c.Get(ctx, client.ObjectKeyFromObject(pod), pod); err != nil {
		return
	}
	if err := pc.c.Update(ctx, pod); err != nil { // want `conflict from pc.c.Update cannot be returned by rereadAfterClearing: re-read pod inside retry.RetryOnConflict`
		log.Print(err)
	}
}

func (pc *PodController) versionCopiedAfterClearing(ctx context.Context, pod, live *corev1.Pod) {
	pod.ResourceVersion = ""
	pod.ResourceVersion = live.ResourceVersion
	if err := pc.c.Update(ctx, pod); err != nil { // want `conflict from pc.c.Update cannot be returned by versionCopiedAfterClearing: requeue the object, or re-read pod inside retry.RetryOnConflict`
		log.Print(err)
	}
}

func (pc *PodController) pinnedNotCleared(ctx context.Context, pod *corev1.Pod) {
	pod.ResourceVersion = "42"
	if err := pc.c.Update(ctx, pod); err != nil { // want `conflict from pc.c.Update cannot be returned by pinnedNotCleared: requeue the object, or re-read pod inside retry.RetryOnConflict`
		log.Print(err)
	}
}

// A controller-runtime write refreshes its object in place: from the
// second turn on, the loop sends the version the first write returned.
func (pc *PodController) refreshedInLoop(ctx context.Context, pod *corev1.Pod, phases []corev1.PodPhase) {
	pod.ResourceVersion = ""
	for _, p := range phases {
		pod.Status.Phase = p
		if err := pc.c.Status().Update(ctx, pod); err != nil { // want `conflict from Status\(\).Update cannot be returned by refreshedInLoop: requeue the object, or re-read pod inside retry.RetryOnConflict`
			log.Print(err)
		}
	}
}

// A typed write leaves its input as it was: every turn sends no version.
func (pc *PodController) typedInLoop(ctx context.Context, pod *corev1.Pod, phases []corev1.PodPhase) {
	pod.ResourceVersion = ""
	for _, p := range phases {
		pod.Status.Phase = p
		if _, err := pc.client.CoreV1().Pods(pod.Namespace).UpdateStatus(ctx, pod, metav1.UpdateOptions{}); err != nil { // ok: a typed write leaves pod without a version
			log.Print(err)
		}
	}
}

// Blanking inside the loop, before the write, runs on every turn.
func (pc *PodController) clearedEachTurn(ctx context.Context, pod *corev1.Pod, phases []corev1.PodPhase) {
	for _, p := range phases {
		pod.ResourceVersion = ""
		pod.Status.Phase = p
		if err := pc.c.Status().Update(ctx, pod); err != nil { // ok: blanked again before each write
			log.Print(err)
		}
	}
}

// A closure does not run where it is written: a blanking in the outer
// function does not cover a write inside one.
func (pc *PodController) clearedOutsideClosure(ctx context.Context, pod *corev1.Pod) func() {
	pod.ResourceVersion = ""
	return func() {
		if err := pc.c.Update(ctx, pod); err != nil { // want `conflict from pc.c.Update cannot be returned by a function literal: requeue the object, or re-read pod inside retry.RetryOnConflict`
			log.Print(err)
		}
	}
}

// saveStatus blanks the version before its write: its callers lose no
// Conflict when they drop its error.
func (pc *PodController) saveStatus(ctx context.Context, pod *corev1.Pod) error {
	pod.ResourceVersion = ""
	return pc.c.Status().Update(ctx, pod)
}

func (pc *PodController) callsSaveStatus(ctx context.Context, pod *corev1.Pod) {
	_ = pc.saveStatus(ctx, pod) // ok: the helper's write cannot conflict
}
