package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSuppressionAcrossTestVariants gives cmdreport/app test files, so that
// the standalone command analyzes it more than once: as itself, as its test
// variant, and with an external test file as the external test package too.
// The directive of suppressed() hides a finding in one of those units; no
// other unit may call it unused, and -fix must leave it in place. The
// directive of returned() hides nothing anywhere and goes.
func TestSuppressionAcrossTestVariants(t *testing.T) {
	const internal = "package app\n\nimport \"testing\"\n\nfunc TestInternal(t *testing.T) {}\n"
	const external = "package app_test\n\nimport (\n\t\"testing\"\n\n\t_ \"cmdreport/app\"\n)\n\nfunc TestExternal(t *testing.T) {}\n"
	for _, tc := range []struct {
		name  string
		files map[string]string
	}{
		{"internal test only", map[string]string{"internal_test.go": internal}},
		{"internal and external tests", map[string]string{"internal_test.go": internal, "external_test.go": external}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := gopath(t)
			dir := filepath.Join(root, "src/cmdreport/app")
			for name, src := range tc.files {
				write(t, filepath.Join(dir, name), src)
			}
			o := conflictlint(t, root, "-json", "cmdreport/...")
			o.want(t, exitFindings)
			if n := strings.Count(o.stdout, "suppresses nothing"); n != 1 {
				t.Errorf("want one unused directive (the one in returned), got %d:\n%s", n, o.stdout)
			}

			conflictlint(t, root, "-fix", "cmdreport/...").want(t, exitFindings)
			src, err := os.ReadFile(filepath.Join(root, appFile))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(src), "the caller resyncs every minute") {
				t.Errorf("-fix removed the directive that hides a finding:\n%s", src)
			}
			if strings.Contains(string(src), "stale: the error is returned now") {
				t.Errorf("-fix left the unused directive:\n%s", src)
			}
		})
	}
}
