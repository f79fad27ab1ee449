// Package watcherpub is package watcher outside internal/: another module
// may import it and call Refresh, so no load shows all its callers, and a
// write it loses stays lost for good.
package watcherpub

import (
	"context"
	"log"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

type Watcher struct{ CS kubernetes.Interface }

// Run refreshes on every pass.
func (w *Watcher) Run() {
	for {
		w.Refresh()
		time.Sleep(10 * time.Second)
	}
}

// Refresh reads the state and writes it back with a mark.
func (w *Watcher) Refresh() {
	ctx := context.Background()
	cm, err := w.CS.CoreV1().ConfigMaps("ns").Get(ctx, "state", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data = map[string]string{"refreshed": time.Now().String()}
	if _, err := w.CS.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		log.Printf("refresh: %v", err)
	}
}
