// Package cluster syncs one cluster's objects; package controller's own
// event loop runs it (see there).
package cluster

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

// Cluster is one cluster the controller runs.
type Cluster struct {
	Client    kubernetes.Interface
	Namespace string
	Streams   map[string]bool
	Spec      []string
}

// Create makes the cluster's objects the first time.
func (c *Cluster) Create(spec *corev1.ConfigMap) error {
	if err := c.syncConfig(); err != nil {
		log.Printf("could not sync config: %v", err) // redone by the tick's Sync
	}
	if err := c.syncLabels(spec); err != nil {
		log.Printf("could not label: %v", err) // the tick's Sync hands syncLabels its own object
	}
	if err := c.markCreated(); err != nil {
		log.Printf("could not mark: %v", err) // only Create marks: lost
	}
	return nil
}

// Sync brings the cluster's objects to their spec.
func (c *Cluster) Sync(spec *corev1.ConfigMap) error {
	if err := c.syncConfig(); err != nil {
		log.Printf("could not sync config: %v", err)
	}
	if err := c.syncLabels(spec); err != nil {
		return err
	}
	if len(c.Spec) != len(c.Streams) {
		if err := c.syncStreams(); err != nil {
			return err
		}
	}
	return nil
}

// Delete cleans the cluster up.
func (c *Cluster) Delete() error {
	cm, err := c.Client.CoreV1().ConfigMaps(c.Namespace).Get(context.TODO(), "cleanup", metav1.GetOptions{})
	if err != nil {
		return err
	}
	cm.Data = nil
	if _, err := c.Client.CoreV1().ConfigMaps(c.Namespace).Update(context.TODO(), cm, metav1.UpdateOptions{}); err != nil {
		log.Printf("could not clean up: %v", err)
	}
	return nil
}

func (c *Cluster) syncConfig() error {
	cm, err := c.Client.CoreV1().ConfigMaps(c.Namespace).Get(context.TODO(), "config", metav1.GetOptions{})
	if err != nil {
		return err
	}
	cm.Data = map[string]string{"synced": "true"}
	_, err = c.Client.CoreV1().ConfigMaps(c.Namespace).Update(context.TODO(), cm, metav1.UpdateOptions{})
	return err
}

func (c *Cluster) syncLabels(spec *corev1.ConfigMap) error {
	spec.Labels = map[string]string{"cluster": "true"}
	_, err := c.Client.CoreV1().ConfigMaps(c.Namespace).Update(context.TODO(), spec, metav1.UpdateOptions{})
	return err
}

func (c *Cluster) markCreated() error {
	cm, err := c.Client.CoreV1().ConfigMaps(c.Namespace).Get(context.TODO(), "created", metav1.GetOptions{})
	if err != nil {
		return err
	}
	cm.Data = map[string]string{"created": "true"}
	_, err = c.Client.CoreV1().ConfigMaps(c.Namespace).Update(context.TODO(), cm, metav1.UpdateOptions{})
	return err
}

// syncStreams runs from Sync only while the spec and the streams differ,
// an edge its first run closes: its loss is not redone by the tick.
func (c *Cluster) syncStreams() error {
	for name := range c.Streams {
		cm, err := c.Client.CoreV1().ConfigMaps(c.Namespace).Get(context.TODO(), name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		cm.Data = map[string]string{"stream": name}
		if _, err := c.Client.CoreV1().ConfigMaps(c.Namespace).Update(context.TODO(), cm, metav1.UpdateOptions{}); err != nil {
			log.Printf("could not sync stream %s: %v", name, err)
		}
	}
	return nil
}
