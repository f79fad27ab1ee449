// Package yaml is a test stub of sigs.k8s.io/yaml.
package yaml

// Unmarshal decodes YAML (through JSON) into obj.
func Unmarshal(y []byte, obj interface{}, opts ...interface{}) error { return nil }
