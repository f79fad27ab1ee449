package shapes

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// PodMarker marks pods ready from an event handler, which cannot return
// an error.
type PodMarker struct {
	client.Client
}

// MarkReady records that pod runs.
func (m *PodMarker) MarkReady(ctx context.Context, pod *corev1.Pod) {
	pod.Status.Phase = corev1.PodRunning
	if err := m.Status().Update(ctx, pod); err != nil {
		log.Printf("marking %s ready: %v", pod.Name, err)
	}
}
