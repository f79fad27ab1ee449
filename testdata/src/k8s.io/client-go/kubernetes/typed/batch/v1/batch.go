// Package v1 is a test stub of k8s.io/client-go/kubernetes/typed/batch/v1
// (Jobs only, without server-side apply).
package v1

import (
	context "context"

	batchv1 "k8s.io/api/batch/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	types "k8s.io/apimachinery/pkg/types"
	watch "k8s.io/apimachinery/pkg/watch"
	gentype "k8s.io/client-go/gentype"
	rest "k8s.io/client-go/rest"
)

// JobsGetter returns a Job client for a namespace.
type JobsGetter interface {
	Jobs(namespace string) JobInterface
}

// JobInterface reads and writes Job objects.
type JobInterface interface {
	Create(ctx context.Context, job *batchv1.Job, opts metav1.CreateOptions) (*batchv1.Job, error)
	Update(ctx context.Context, job *batchv1.Job, opts metav1.UpdateOptions) (*batchv1.Job, error)
	UpdateStatus(ctx context.Context, job *batchv1.Job, opts metav1.UpdateOptions) (*batchv1.Job, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	DeleteCollection(ctx context.Context, opts metav1.DeleteOptions, listOpts metav1.ListOptions) error
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*batchv1.Job, error)
	List(ctx context.Context, opts metav1.ListOptions) (*batchv1.JobList, error)
	Watch(ctx context.Context, opts metav1.ListOptions) (watch.Interface, error)
	Patch(ctx context.Context, name string, pt types.PatchType, data []byte, opts metav1.PatchOptions, subresources ...string) (result *batchv1.Job, err error)
	JobExpansion
}

// JobExpansion holds hand-written methods of JobInterface.
type JobExpansion interface{}

type jobs struct {
	*gentype.ClientWithList[*batchv1.Job, *batchv1.JobList]
}

func newJobs(c rest.Interface, namespace string) *jobs {
	return &jobs{
		gentype.NewClientWithList[*batchv1.Job, *batchv1.JobList](
			"jobs",
			c,
			nil,
			namespace,
			func() *batchv1.Job { return &batchv1.Job{} },
			func() *batchv1.JobList { return &batchv1.JobList{} },
		),
	}
}

// BatchV1Interface reaches the batch/v1 resources.
type BatchV1Interface interface {
	RESTClient() rest.Interface
	JobsGetter
}

// BatchV1Client is the batch/v1 client.
type BatchV1Client struct {
	restClient rest.Interface
}

// Jobs returns the Job client of a namespace.
func (c *BatchV1Client) Jobs(namespace string) JobInterface {
	return newJobs(c.restClient, namespace)
}

// RESTClient returns the underlying REST client.
func (c *BatchV1Client) RESTClient() rest.Interface { return c.restClient }

// New returns a client over c.
func New(c rest.Interface) *BatchV1Client { return &BatchV1Client{restClient: c} }
