// Package models reduces the API server's controller base of
// radix-operator (api-server/models/controller.go): every HTTP handler
// answers a failure through DefaultController.ErrorResponse, which logs it
// and writes it to the response (radix-common's net/http ErrorResponse).
package models

import (
	"net/http"

	"github.com/rs/zerolog/log"
)

// DefaultController is embedded by every controller of the API server.
type DefaultController struct{}

// ErrorResponse logs err and answers the request with it.
func (c *DefaultController) ErrorResponse(w http.ResponseWriter, r *http.Request, err error) {
	log.Warn().Err(err).Msg("controller error")
	w.WriteHeader(http.StatusInternalServerError)
	if _, werr := w.Write([]byte(err.Error())); werr != nil {
		log.Error().Err(werr).Msg("failed to write response")
	}
}
