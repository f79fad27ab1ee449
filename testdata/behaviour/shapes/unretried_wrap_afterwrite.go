package shapes

import (
	"context"
	"log"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/workqueue"
)

// Publisher publishes ConfigMaps from an event handler; what fails to
// publish goes back on its queue.
type Publisher struct {
	Kube  kubernetes.Interface
	Queue workqueue.TypedRateLimitingInterface[string]
}

// PublishAndStamp publishes the ConfigMap ns/name, then stamps it.
func (p *Publisher) PublishAndStamp(ctx context.Context, ns, name string) {
	cms := p.Kube.CoreV1().ConfigMaps(ns)
	cm, err := cms.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		log.Printf("reading %s/%s: %v", ns, name, err)
		return
	}
	cm.Data["published"] = "true"
	cm, err = cms.Update(ctx, cm, metav1.UpdateOptions{})
	if err != nil {
		log.Printf("publishing %s/%s: %v", ns, name, err)
		p.Queue.AddRateLimited(ns + "/" + name)
		return
	}
	log.Printf("published %s/%s", ns, name)
	cm.Data["stamped"] = "true"
	if _, err := cms.Update(ctx, cm, metav1.UpdateOptions{}); err != nil {
		log.Printf("stamping %s/%s: %v", ns, name, err)
	}
}
