// Package knativeserving_endpointsevent reduces a bug fixed in
// knative/serving (then Elafros).
//
//	repo:     https://github.com/knative/serving
//	fix:      https://github.com/knative/serving/pull/225 (commit 450a14bef0f3f35b800d7bc3df7d5435b9991876)
//	file:     pkg/controller/revision/controller.go (and pkg/controller/configuration/controller.go)
//	function: (*Controller).addEndpointsEvent, the Endpoints informer's add and update handler, with helper markServiceReady
//
// When a revision's Endpoints became ready, the informer's event handler
// took the Revision from the lister and handed it to markServiceReady,
// which set the Ready condition on that object before writing its status,
// so the revision in the shared cache claimed to be ready whether or not
// the write succeeded, and the next event skipped it ("already marked as
// ready"). The fix deep-copies the lister's Revision first (and does the
// same for the Configuration in the configuration controller's
// addRevisionEvent, counted with this case). Clients of 2018: no context.
package knativeserving_endpointsevent

import (
	"github.com/golang/glog"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/cache"
)

type RevisionConditionType string

const RevisionConditionReady RevisionConditionType = "Ready"

type RevisionCondition struct {
	Type   RevisionConditionType
	Status corev1.ConditionStatus
	Reason string
}

type RevisionStatus struct {
	ServiceName string
	Conditions  []RevisionCondition
}

func (rs *RevisionStatus) GetCondition(t RevisionConditionType) *RevisionCondition {
	for _, cond := range rs.Conditions {
		if cond.Type == t {
			return &cond
		}
	}
	return nil
}

func (rs *RevisionStatus) IsReady() bool {
	if c := rs.GetCondition(RevisionConditionReady); c != nil {
		return c.Status == corev1.ConditionTrue
	}
	return false
}

func (rs *RevisionStatus) SetCondition(new *RevisionCondition) {
	if new == nil {
		return
	}
	var conditions []RevisionCondition
	for _, cond := range rs.Conditions {
		if cond.Type != new.Type {
			conditions = append(conditions, cond)
		}
	}
	rs.Conditions = append(conditions, *new)
}

type Revision struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status RevisionStatus
}

func (in *Revision) DeepCopyInto(out *Revision) { *out = *in }

func (in *Revision) DeepCopy() *Revision {
	if in == nil {
		return nil
	}
	out := new(Revision)
	in.DeepCopyInto(out)
	return out
}

func (in *Revision) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// RevisionNamespaceLister and RevisionLister have the generated lister's
// shape.
type RevisionNamespaceLister interface {
	Get(name string) (*Revision, error)
}

type RevisionLister interface {
	Revisions(namespace string) RevisionNamespaceLister
}

// RevisionInterface is the generated typed client of the time (no context).
type RevisionInterface interface {
	Get(name string, options metav1.GetOptions) (*Revision, error)
	Update(*Revision) (*Revision, error)
}

type ElafrosV1alpha1Interface interface {
	Revisions(namespace string) RevisionInterface
}

type ElaClientset interface {
	ElafrosV1alpha1() ElafrosV1alpha1Interface
}

type Controller struct {
	elaclientset ElaClientset
	lister       RevisionLister
}

func lookupServiceOwner(endpoint *corev1.Endpoints) string {
	if revisionName, ok := endpoint.Labels["revision"]; ok {
		return revisionName
	}
	return ""
}

func getIsServiceReady(e *corev1.Endpoints) bool {
	for _, es := range e.Subsets {
		if len(es.Addresses) > 0 {
			return true
		}
	}
	return false
}

// updateStatus re-reads the revision and writes the given status onto it.
func (c *Controller) updateStatus(u *Revision) (*Revision, error) {
	prClient := c.elaclientset.ElafrosV1alpha1().Revisions(u.Namespace)
	newu, err := prClient.Get(u.Name, metav1.GetOptions{})
	if err != nil {
		return nil, err
	}
	newu.Status = u.Status
	return prClient.Update(newu) // realbug: unretriedupdate fp=strict "the status helper's own write, shared by both versions, whose Conflict the handlers only log; not the bug the fix addressed"
}

// markServiceReady sets the Ready condition on the revision it is given
// and writes the status.
func (c *Controller) markServiceReady(rev *Revision) error {
	glog.Infof("Marking Revision %q ready", rev.Name)
	rev.Status.SetCondition(&RevisionCondition{
		Type:   RevisionConditionReady,
		Status: corev1.ConditionTrue,
		Reason: "ServiceReady",
	})
	_, err := c.updateStatus(rev)
	return err
}

func (c *Controller) handlers(endpointsInformer cache.SharedIndexInformer) {
	endpointsInformer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    c.addEndpointsEventBuggy,
		UpdateFunc: func(old, new interface{}) { c.addEndpointsEventBuggy(new) },
	})
	endpointsInformer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    c.addEndpointsEventFixed,
		UpdateFunc: func(old, new interface{}) { c.addEndpointsEventFixed(new) },
	})
}

// addEndpointsEventBuggy is addEndpointsEvent before the fix.
func (c *Controller) addEndpointsEventBuggy(obj interface{}) {
	endpoint := obj.(*corev1.Endpoints)
	namespace := endpoint.Namespace
	revisionName := lookupServiceOwner(endpoint)
	if revisionName == "" {
		return
	}
	if !getIsServiceReady(endpoint) {
		glog.Infof("Endpoint %q is not ready", endpoint.Name)
		return
	}

	r, err := c.lister.Revisions(namespace).Get(revisionName)
	if err != nil {
		glog.Errorf("Error fetching revision '%s/%s' upon service becoming ready: %v", namespace, revisionName, err)
		return
	}

	// Check to see if the revision has already been marked as ready and if
	// it is, then there's no need to do anything to it.
	if r.Status.IsReady() {
		return
	}

	if err := c.markServiceReady(r); err != nil { // realbug: listermutation // realbug: unretriedupdate fp=default "a real drop the fix did not address (the event handler only logs the status write's Conflict, in both versions), outside this case's bug; counted as a false alarm of the set"
		glog.Errorf("Error marking service ready for '%s/%s': %v", namespace, revisionName, err)
	}
}

// addEndpointsEventFixed is addEndpointsEvent after the fix.
func (c *Controller) addEndpointsEventFixed(obj interface{}) {
	endpoint := obj.(*corev1.Endpoints)
	namespace := endpoint.Namespace
	revName := lookupServiceOwner(endpoint)
	if revName == "" {
		return
	}
	if !getIsServiceReady(endpoint) {
		glog.Infof("Endpoint %q is not ready", endpoint.Name)
		return
	}

	rev, err := c.lister.Revisions(namespace).Get(revName)
	if err != nil {
		glog.Errorf("Error fetching revision '%s/%s' upon service becoming ready: %v", namespace, revName, err)
		return
	}

	if rev.Status.IsReady() {
		return
	}

	// Don't modify the informer's copy.
	rev = rev.DeepCopy()

	if err := c.markServiceReady(rev); err != nil { // realbug: unretriedupdate fp=default "a real drop the fix did not address (the event handler only logs the status write's Conflict, in both versions), outside this case's bug; counted as a false alarm of the set"
		glog.Errorf("Error marking service ready for '%s/%s': %v", namespace, revName, err)
	}
}
