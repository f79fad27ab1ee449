// Package gin is a test stub of github.com/gin-gonic/gin.
package gin

import "context"

// H is a JSON object.
type H map[string]any

// Context carries one request and its response.
type Context struct{ context.Context }

func (c *Context) JSON(code int, obj any)                        {}
func (c *Context) String(code int, format string, values ...any) {}
func (c *Context) Param(key string) string                       { return "" }
