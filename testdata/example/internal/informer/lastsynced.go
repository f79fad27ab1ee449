package informer

import (
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"

	widgetlabels "example.com/widget-operator/internal/labels"
)

// managedConfigMaps lists the managed ConfigMaps of the namespace, stamped
// with the time they were last looked at, for the status page.
func (c *Controller) managedConfigMaps(now time.Time) ([]*corev1.ConfigMap, error) {
	all, err := c.lister.ConfigMaps(c.namespace).List(labels.Everything())
	if err != nil {
		return nil, err
	}
	var managed []*corev1.ConfigMap
	for _, cm := range all {
		if !isManaged(cm) {
			continue
		}
		// The lister's objects are the informer cache's own: this writes
		// into the cache.
		metav1.SetMetaDataAnnotation(&cm.ObjectMeta, widgetlabels.LastSynced, now.UTC().Format(time.RFC3339))
		managed = append(managed, cm)
	}
	return managed, nil
}

// checksumOf reads a ConfigMap from the cache and returns its checksum,
// without changing it.
func (c *Controller) checksumOf(name string) (string, error) {
	cm, err := c.lister.ConfigMaps(c.namespace).Get(name)
	if err != nil {
		return "", err
	}
	copied := cm.DeepCopy()
	copied.Data[stagedKey] = "" // a copy: not the cache's
	return checksum(copied.Data), nil
}
