// Package plain uses no Kubernetes library: it loads whatever happens to
// the module's dependencies.
package plain

import "strings"

// Key joins a namespace and a name.
func Key(namespace, name string) string { return strings.Join([]string{namespace, name}, "/") }
