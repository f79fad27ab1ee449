// Package kubesphere_nodeannotations reduces a bug fixed in
// kubesphere/kubesphere.
//
//	repo:     https://github.com/kubesphere/kubesphere
//	fix:      https://github.com/kubesphere/kubesphere/pull/4599 (commit d1b0beffd6aea5e08034efb832233b4788e34532; issues 4357 and 3469)
//	file:     pkg/models/resources/v1alpha3/node/nodes.go
//	function: (*nodesGetter).Get, with helper annotateNode
//
// The API server's node getter read the Node from the shared informer's
// lister and wrote pod request and limit figures (and a last-annotated
// timestamp) into its Annotations map before returning it, so every API
// request changed the informer cache; concurrent requests wrote the same
// map and crashed ks-apiserver with "concurrent map writes" (issue 4357).
// The fix makes a DeepCopy of the node before annotating it (and drops
// the timestamp and its mutex). The informer factory's lister chain is
// reduced to lister fields.
package kubesphere_nodeannotations

import (
	"fmt"
	"sync"
	"time"

	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	listersv1 "k8s.io/client-go/listers/core/v1"
)

const (
	nodeAnnotatedAt = "node.kubesphere.io/last-annotated-at"
	nodePodCount    = "node.kubesphere.io/pod-count"
	nodeCPURequests = "node.kubesphere.io/cpu-requests"
)

type nodesGetter struct {
	nodeLister listersv1.NodeLister
	podLister  listersv1.PodLister
	mutex      sync.Mutex
}

func podsOnNode(node *v1.Node, pods []*v1.Pod) []*v1.Pod {
	var nodePods []*v1.Pod
	for _, pod := range pods {
		if pod.Spec.NodeName == node.Name {
			nodePods = append(nodePods, pod)
		}
	}
	return nodePods
}

// GetBuggy is Get before the fix.
func (c *nodesGetter) GetBuggy(_, name string) (runtime.Object, error) {
	node, err := c.nodeLister.Get(name)
	if err != nil {
		return nil, err
	}

	// ignore the error, skip annotating process if error happened
	pods, _ := c.podLister.Pods("").List(labels.Everything())
	c.annotateNodeBuggy(node, pods) // realbug: listermutation

	return node, nil
}

// annotateNodeBuggy is annotateNode before the fix.
func (c *nodesGetter) annotateNodeBuggy(node *v1.Node, pods []*v1.Pod) {
	c.mutex.Lock()
	if node.Annotations == nil {
		node.Annotations = make(map[string]string)
	}

	if lastAnnotatedAt, ok := node.Annotations[nodeAnnotatedAt]; ok {
		if lastAnnotationTimeStamp, err := time.Parse(time.RFC3339, lastAnnotatedAt); err != nil {
			if lastAnnotationTimeStamp.Add(30 * time.Second).After(time.Now()) {
				c.mutex.Unlock()
				return
			}
		}
	}
	node.Annotations[nodeAnnotatedAt] = time.Now().Format(time.RFC3339)
	c.mutex.Unlock()

	if len(pods) == 0 {
		return
	}

	nodePods := podsOnNode(node, pods)
	node.Annotations[nodePodCount] = fmt.Sprintf("%d", len(nodePods))
	node.Annotations[nodeCPURequests] = fmt.Sprintf("%dm", 100*len(nodePods))
}

// GetFixed is Get after the fix.
func (c *nodesGetter) GetFixed(_, name string) (runtime.Object, error) {
	node, err := c.nodeLister.Get(name)
	if err != nil {
		return nil, err
	}

	// ignore the error, skip annotating process if error happened
	pods, _ := c.podLister.Pods("").List(labels.Everything())

	// Never mutate original objects: the cache is shared.
	node = node.DeepCopy()
	c.annotateNodeFixed(node, pods)

	return node, nil
}

// annotateNodeFixed is annotateNode after the fix: it changes the node
// it is given, so its callers pass a copy.
func (c *nodesGetter) annotateNodeFixed(node *v1.Node, pods []*v1.Pod) {
	if node.Annotations == nil {
		node.Annotations = make(map[string]string)
	}

	if len(pods) == 0 {
		return
	}

	nodePods := podsOnNode(node, pods)
	node.Annotations[nodePodCount] = fmt.Sprintf("%d", len(nodePods))
	node.Annotations[nodeCPURequests] = fmt.Sprintf("%dm", 100*len(nodePods))
}
