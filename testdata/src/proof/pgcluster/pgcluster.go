// Package pgcluster reduces a Postgres operator's event worker and its
// cluster sync, as they are written: a helper that drops its status write
// in a bare call and returns a validation error, and a backup job that is
// generated whole, without a resourceVersion, before each Update.
package pgcluster

import (
	"context"
	"errors"
	"fmt"
	"log"
	"reflect"

	foov1 "example.com/foo-operator/pkg/apis/foo/v1"
	batchv1 "k8s.io/api/batch/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"

	"proof/pgclient"
)

// Controller runs one cluster per Foo.
type Controller struct {
	client   *pgclient.Client
	kube     kubernetes.Interface
	prefixed bool
	clusters map[string]*Cluster
}

// Cluster is the operator's in-memory cluster.
type Cluster struct {
	kube kubernetes.Interface
	ns   string
	job  *batchv1.Job
}

func extractName(name, team string) (string, error) {
	if len(name) <= len(team) {
		return "", errors.New("name does not start with the team")
	}
	return name[len(team):], nil
}

// addCluster drops its status write in a bare call and returns the
// validation error, which cannot be nil there: that error stands for the
// failure, and where it ends decides the write's fate. Its callers only
// log it or drop it, so the write is lost; the Conflict itself died at the
// bare call, which is reported, once, citing where the other error ends.
func (c *Controller) addCluster(name string, f *foov1.Foo) (*Cluster, error) {
	if c.prefixed {
		if _, err := extractName(name, f.Spec.Message); err != nil {
			f.Status.Phase = "Invalid"
			c.client.SetStatus(f.Namespace, f) // want `conflict from c.client.SetStatus of f is dropped for another error, which cannot be returned by initClusters: re-read f inside retry.RetryOnConflict; lost for good`
			return nil, err
		}
	}
	cl := &Cluster{kube: c.kube, ns: f.Namespace}
	c.clusters[name] = cl
	return cl, nil
}

// initClusters adds every listed cluster and ignores a validation failure.
func (c *Controller) initClusters(list *foov1.FooList) {
	for _, f := range list.Items {
		c.addCluster(f.Name, &f) // ok: reported where addCluster drops the Conflict (its validation error is no Conflict)
	}
}

// processEvent logs a failed add and waits for the next event.
func (c *Controller) processEvent(name string, f *foov1.Foo) {
	cl, err := c.addCluster(name, f) // ok: the same loss as initClusters', reported once in addCluster
	if err != nil {
		log.Printf("creation of cluster is blocked: %v", err)
		return
	}
	func() {
		if err := cl.syncBackupJob(); err != nil { // ok: the job's only Update sends a generated object, which has no resourceVersion
			log.Printf("could not sync logical backup jobs: %v", err)
		}
	}()
}

// generateBackupJob builds the desired job whole, on every return.
func (cl *Cluster) generateBackupJob() (*batchv1.Job, error) {
	if cl.ns == "" {
		return nil, fmt.Errorf("no namespace")
	}
	job := &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "backup", Namespace: cl.ns}}
	return job, nil
}

// syncBackupJob updates the job with the generated one when its owners
// differ, and patches the rest; it creates the job when it is missing.
func (cl *Cluster) syncBackupJob() error {
	var (
		job     *batchv1.Job
		desired *batchv1.Job
		err     error
	)
	jobs := cl.kube.BatchV1().Jobs(cl.ns)
	if job, err = jobs.Get(context.TODO(), "backup", metav1.GetOptions{}); err == nil {
		desired, err = cl.generateBackupJob()
		if err != nil {
			return fmt.Errorf("could not generate the backup job: %v", err)
		}
		if !reflect.DeepEqual(job.OwnerReferences, desired.OwnerReferences) {
			job, err = jobs.Update(context.TODO(), desired, metav1.UpdateOptions{})
			if err != nil {
				return fmt.Errorf("could not update owner references of job %q: %v", job.Name, err)
			}
		}
		if !reflect.DeepEqual(job.Labels, desired.Labels) {
			if _, err := jobs.Patch(context.TODO(), "backup", types.MergePatchType, []byte(`{}`), metav1.PatchOptions{}); err != nil {
				return fmt.Errorf("could not patch labels: %v", err)
			}
		}
		cl.job = desired
		return nil
	}
	if !apierrors.IsNotFound(err) {
		return fmt.Errorf("could not get backup job: %v", err)
	}
	_, err = jobs.Create(context.TODO(), &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "backup", Namespace: cl.ns}}, metav1.CreateOptions{})
	return err
}
