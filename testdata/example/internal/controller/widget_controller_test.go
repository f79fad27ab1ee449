package controller

import "testing"

// The package's findings are in its product files; this test names no
// retry, so the standalone driver reports them from the package itself
// and go vet from its test variant, alike.
func TestConfigHashIsStable(t *testing.T) {
	data := map[string]string{"replicas": "3"}
	if configHash(data) != configHash(data) {
		t.Fatal("configHash changed between two calls")
	}
}
