package radixoperator_stopjob

import (
	"net/http"

	"realbugs/radixoperator_stopjob/models"
)

// jobController serves the jobs routes (api-server/api/jobs/job_controller.go,
// the same package as the handler in the real layout).
type jobController struct {
	*models.DefaultController
}

// StopApplicationJobBuggy is the route's handler calling the buggy StopJob:
// the Conflict goes back to the requester as a failed request.
func (jc *jobController) StopApplicationJobBuggy(handler JobHandler, w http.ResponseWriter, r *http.Request) {
	err := handler.StopJobBuggy(r.Context(), r.URL.Query().Get("appName"), r.URL.Query().Get("jobName")) // realbug: unretriedupdate alt "default mode reports where the error dies: the route answers the request with it"
	if err != nil {
		jc.ErrorResponse(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// StopApplicationJobFixed calls the fixed StopJob.
func (jc *jobController) StopApplicationJobFixed(handler JobHandler, w http.ResponseWriter, r *http.Request) {
	err := handler.StopJobFixed(r.Context(), r.URL.Query().Get("appName"), r.URL.Query().Get("jobName"))
	if err != nil {
		jc.ErrorResponse(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
