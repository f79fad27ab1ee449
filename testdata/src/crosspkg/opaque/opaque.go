// Package opaque has helpers analysis cannot see into; they are named in
// the configuration instead (see analyzer/model's tests).
package opaque

import foov1 "example.com/foo-operator/pkg/apis/foo/v1"

// Again retries fn with a home-grown loop.
func Again(fn func() error) error {
	for i := 0; i < 3; i++ {
		if fn() == nil {
			return nil
		}
	}
	return nil
}

// Load fills foo from a cache of its own.
func Load(foo *foov1.Foo) error { return nil }
