// Package restful is a test stub of github.com/emicklei/go-restful/v3.
package restful

import "net/http"

// Request is an incoming request.
type Request struct{ Request *http.Request }

// Response answers a Request.
type Response struct{ http.ResponseWriter }

func (r *Request) PathParameter(name string) string        { return "" }
func (r *Response) WriteError(status int, err error) error { return nil }
func (r *Response) WriteEntity(value any) error            { return nil }
