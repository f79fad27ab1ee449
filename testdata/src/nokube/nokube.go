// Package nokube never reaches the Kubernetes API; the analyzers skip it.
package nokube

type store struct{}

func (store) Update(name string) error { return nil }

func touch(s store) {
	s.Update("x") // ok: not a Kubernetes client
}
