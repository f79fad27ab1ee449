package main_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// suppressSource exercises //conflictlint:ignore against the real
// controller-runtime: every line marked "want: X" must be reported with a
// message containing X, and no other line.
const suppressSource = `package suppress

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func onTheLine(ctx context.Context, c client.Client, cm corev1.ConfigMap) {
	_ = c.Update(ctx, &cm) //conflictlint:ignore unretriedupdate the caller resyncs
}

func lineAbove(ctx context.Context, c client.Client, cm corev1.ConfigMap) {
	//conflictlint:ignore unretriedupdate the caller resyncs
	_ = c.Update(ctx, &cm)
}

func noReason(ctx context.Context, c client.Client, cm corev1.ConfigMap) {
	//conflictlint:ignore unretriedupdate // want: has no reason
	_ = c.Update(ctx, &cm) // want: cannot be returned by noReason
}

func unknownName(ctx context.Context, c client.Client, cm corev1.ConfigMap) {
	//conflictlint:ignore unretriedupdat typo // want: names unknown analyzer
	_ = c.Update(ctx, &cm) // want: cannot be returned by unknownName
}

func unused(ctx context.Context, c client.Client, cm corev1.ConfigMap) error {
	//conflictlint:ignore unretriedupdate the error is returned // want: suppresses nothing
	return c.Update(ctx, &cm)
}
`

// TestVetSuppression runs go vet -vettool on a module that uses the real
// controller-runtime (the example's requirements) and checks that
// directives suppress findings there, and that bad or unused ones are
// reported.
func TestVetSuppression(t *testing.T) {
	t.Parallel()
	bin, example := setup(t, exampleModule)
	dir := t.TempDir()
	mod, err := os.ReadFile(filepath.Join(example, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(example, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	mod = regexp.MustCompile(`(?m)^module .*$`).ReplaceAll(mod, []byte("module example.com/suppress"))
	for name, content := range map[string][]byte{"go.mod": mod, "go.sum": sum, "suppress.go": []byte(suppressSource)} {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	res := runVet(t, dir, bin) // shares its dependencies' facts with TestVetText's run
	res.wantExit(t, exitVetFindings)

	wants := make(map[int]string)
	for i, line := range strings.Split(suppressSource, "\n") {
		if _, want, ok := strings.Cut(line, "// want: "); ok {
			wants[i+1] = want
		}
	}
	got := make(map[int]string)
	report := regexp.MustCompile(`suppress\.go:(\d+):\d+: (.*)$`)
	for _, line := range strings.Split(string(res.stderr), "\n") {
		if m := report.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[1])
			got[n] += m[2]
		}
	}
	for line, want := range wants {
		if !strings.Contains(got[line], want) {
			t.Errorf("suppress.go:%d: want a report containing %q, got %q", line, want, got[line])
		}
	}
	for line, msg := range got {
		if _, ok := wants[line]; !ok {
			t.Errorf("suppress.go:%d: unexpected report %q", line, msg)
		}
	}
	if t.Failed() {
		t.Logf("go vet output:\n%s", res.stderr)
	}
}
