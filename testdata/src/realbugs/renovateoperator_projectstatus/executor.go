// Package renovateoperator_projectstatus reduces a bug fixed in
// mogenius/renovate-operator.
//
//	repo:     https://github.com/mogenius/renovate-operator
//	fix:      https://github.com/mogenius/renovate-operator/pull/98 (commit a3057a8c2ce0424fe82d599900201cf102873ee2)
//	file:     src/internal/crdManager/renovateJobManager.go, src/internal/crdManager/updateRenovateJob.go, src/internal/renovate/executor.go
//	function: (*renovateJobManager).UpdateProjectStatus, called through the RenovateJobManager interface from the executor's 10-second loop
//
// The executor loop read the RenovateJob, started a Kubernetes Job for a
// scheduled project and then set the project's status to Running with a
// status write made through a package-level function variable; when Argo
// CD or Flux had changed the RenovateJob in between, the write failed
// with a Conflict that went back through reconcileProjects and
// executeRenovateJob to the loop, which only logged it, so the project
// stayed Scheduled (and the same failure repeated on every tick). The fix
// wraps the read, the change and the write in retry.RetryOnConflict.
// (The same change fixed UpdateProjectStatusBatched and ReconcileProjects.)
package renovateoperator_projectstatus

import (
	"context"
	"time"

	"github.com/go-logr/logr"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type RenovateProjectStatus string

const (
	JobStatusScheduled RenovateProjectStatus = "scheduled"
	JobStatusRunning   RenovateProjectStatus = "running"
	JobStatusCompleted RenovateProjectStatus = "completed"
)

type ProjectStatus struct {
	Name    string
	Status  RenovateProjectStatus
	LastRun metav1.Time
}

type RenovateJobSpec struct {
	Parallelism int32
}

type RenovateJobStatus struct {
	Projects []ProjectStatus
}

type RenovateJob struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   RenovateJobSpec
	Status RenovateJobStatus
}

func (in *RenovateJob) DeepCopyObject() runtime.Object { out := *in; return &out }

type RenovateJobIdentifier struct {
	Name      string
	Namespace string
}

// RenovateJobManager is the crdManager interface the executor uses.
type RenovateJobManager interface {
	GetRenovateJob(ctx context.Context, name, namespace string) (*RenovateJob, error)
	UpdateProjectStatusBuggy(ctx context.Context, project string, job RenovateJobIdentifier, status RenovateProjectStatus) error
	UpdateProjectStatusFixed(ctx context.Context, project string, job RenovateJobIdentifier, status RenovateProjectStatus) error
}

type renovateJobManager struct {
	client client.Client
}

func loadRenovateJob(ctx context.Context, name, namespace string, c client.Client) (*RenovateJob, error) {
	renovateJob := &RenovateJob{}
	if err := c.Get(ctx, types.NamespacedName{Name: name, Namespace: namespace}, renovateJob); err != nil {
		return nil, err
	}
	return renovateJob, nil
}

// updateRenovateJobStatusFn is a variable so that tests can replace it.
var updateRenovateJobStatusFn = func(ctx context.Context, renovateJob *RenovateJob, c client.Client) (*RenovateJob, error) {
	if err := c.Status().Update(ctx, renovateJob); err != nil { // realbug: unretriedupdate alt "strict mode reports the write itself, inside the status helper stored in the package variable"
		return nil, err
	}
	return loadRenovateJob(ctx, renovateJob.Name, renovateJob.Namespace, c)
}

func updateRenovateJobStatus(ctx context.Context, renovateJob *RenovateJob, c client.Client) (*RenovateJob, error) {
	return updateRenovateJobStatusFn(ctx, renovateJob, c)
}

func (r *renovateJobManager) GetRenovateJob(ctx context.Context, name, namespace string) (*RenovateJob, error) {
	return loadRenovateJob(ctx, name, namespace, r.client)
}

func setProjectStatus(renovateJob *RenovateJob, project string, status RenovateProjectStatus) {
	for i := range renovateJob.Status.Projects {
		if renovateJob.Status.Projects[i].Name == project {
			renovateJob.Status.Projects[i].Status = status
			renovateJob.Status.Projects[i].LastRun = metav1.Now()
			return
		}
	}
	renovateJob.Status.Projects = append(renovateJob.Status.Projects, ProjectStatus{Name: project, Status: status})
}

// UpdateProjectStatusBuggy is UpdateProjectStatus before the fix.
func (r *renovateJobManager) UpdateProjectStatusBuggy(ctx context.Context, project string, job RenovateJobIdentifier, status RenovateProjectStatus) error {
	renovateJob, err := loadRenovateJob(ctx, job.Name, job.Namespace, r.client)
	if err != nil {
		return err
	}
	setProjectStatus(renovateJob, project, status)
	_, err = updateRenovateJobStatus(ctx, renovateJob, r.client)
	return err
}

// UpdateProjectStatusFixed is UpdateProjectStatus after the fix.
func (r *renovateJobManager) UpdateProjectStatusFixed(ctx context.Context, project string, job RenovateJobIdentifier, status RenovateProjectStatus) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		renovateJob, err := loadRenovateJob(ctx, job.Name, job.Namespace, r.client)
		if err != nil {
			return err
		}
		setProjectStatus(renovateJob, project, status)
		_, err = updateRenovateJobStatus(ctx, renovateJob, r.client)
		return err
	})
}

type renovateExecutor struct {
	manager RenovateJobManager
	logger  logr.Logger
	jobs    []RenovateJobIdentifier
}

func (e *renovateExecutor) createProjectJob(ctx context.Context, renovateJob *RenovateJob, project string) error {
	return nil
}

// start runs the executor loop: every 10 seconds, one pass over the jobs.
func (e *renovateExecutor) start(ctx context.Context, fixed bool) {
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			default:
				if fixed {
					e.executeFixed()
				} else {
					e.executeBuggy()
				}
				select {
				case <-ctx.Done():
					return
				case <-time.After(10 * time.Second):
				}
			}
		}
	}()
}

// executeBuggy is execute before the fix.
func (e *renovateExecutor) executeBuggy() {
	ctx := context.Background()
	for _, job := range e.jobs {
		err := e.executeRenovateJobBuggy(ctx, &job) // realbug: unretriedupdate
		if err != nil {
			e.logger.Error(err, "renovate loop execution failed for job")
		}
	}
}

func (e *renovateExecutor) executeRenovateJobBuggy(ctx context.Context, job *RenovateJobIdentifier) error {
	renovateJob, err := e.manager.GetRenovateJob(ctx, job.Name, job.Namespace)
	if err != nil {
		return err
	}
	return e.reconcileProjectsBuggy(ctx, renovateJob)
}

// reconcileProjectsBuggy is reconcileProjects before the fix (the running
// and completed branches, which update the status the same way, are left
// out).
func (e *renovateExecutor) reconcileProjectsBuggy(ctx context.Context, renovateJob *RenovateJob) error {
	running := 0
	for i := range renovateJob.Status.Projects {
		if renovateJob.Status.Projects[i].Status == JobStatusRunning {
			running++
		}
	}
	for i := range renovateJob.Status.Projects {
		project := &renovateJob.Status.Projects[i]
		if project.Status != JobStatusScheduled || running >= int(renovateJob.Spec.Parallelism) {
			continue
		}
		if err := e.createProjectJob(ctx, renovateJob, project.Name); err != nil {
			return err
		}
		running++
		jobID := RenovateJobIdentifier{Name: renovateJob.Name, Namespace: renovateJob.Namespace}
		if err := e.manager.UpdateProjectStatusBuggy(ctx, project.Name, jobID, JobStatusRunning); err != nil {
			return err
		}
	}
	return nil
}

// executeFixed is execute after the fix: unchanged but for the manager
// method it reaches.
func (e *renovateExecutor) executeFixed() {
	ctx := context.Background()
	for _, job := range e.jobs {
		err := e.executeRenovateJobFixed(ctx, &job)
		if err != nil {
			e.logger.Error(err, "renovate loop execution failed for job")
		}
	}
}

func (e *renovateExecutor) executeRenovateJobFixed(ctx context.Context, job *RenovateJobIdentifier) error {
	renovateJob, err := e.manager.GetRenovateJob(ctx, job.Name, job.Namespace)
	if err != nil {
		return err
	}
	return e.reconcileProjectsFixed(ctx, renovateJob)
}

func (e *renovateExecutor) reconcileProjectsFixed(ctx context.Context, renovateJob *RenovateJob) error {
	running := 0
	for i := range renovateJob.Status.Projects {
		if renovateJob.Status.Projects[i].Status == JobStatusRunning {
			running++
		}
	}
	for i := range renovateJob.Status.Projects {
		project := &renovateJob.Status.Projects[i]
		if project.Status != JobStatusScheduled || running >= int(renovateJob.Spec.Parallelism) {
			continue
		}
		if err := e.createProjectJob(ctx, renovateJob, project.Name); err != nil {
			return err
		}
		running++
		jobID := RenovateJobIdentifier{Name: renovateJob.Name, Namespace: renovateJob.Namespace}
		if err := e.manager.UpdateProjectStatusFixed(ctx, project.Name, jobID, JobStatusRunning); err != nil {
			return err
		}
	}
	return nil
}
