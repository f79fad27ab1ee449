// Package respond is a project's helper that answers a request with an
// error, out of the handlers' package.
package respond

import (
	"log"
	"net/http"
)

// Error logs err and answers the request with it.
func Error(w http.ResponseWriter, r *http.Request, err error) {
	log.Printf("%s %s: %v", r.Method, r.URL.Path, err)
	http.Error(w, err.Error(), http.StatusInternalServerError)
}
