package unretriedupdate_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"golang.org/x/tools/go/analysis"

	"github.com/conflictlint/conflictlint/analyzer"
	"github.com/conflictlint/conflictlint/internal/testdir"
)

// newAnalyzer builds the analyzer as the suite does.
func newAnalyzer() *analysis.Analyzer { return analyzer.Lookup(analyzer.Default(), "unretriedupdate") }

func TestPropagate(t *testing.T) {
	// Every case package under unretriedupdate/ is checked in the default
	// mode; strict mode has its own tree.
	analysistest.Run(t, testdir.Path(t), newAnalyzer(), "unretriedupdate/...", "crosspkg/controller", "valueflow/...", "builders/...", "nokube", "proof/...")
}

func TestStrict(t *testing.T) {
	a := newAnalyzer()
	if err := a.Flags.Set("mode", "strict"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdir.Path(t), a, "strict/unretriedupdate/...")
}

// TestDebugUnknown lists the writes whose fate the model cannot decide, one
// per reason; proof/controller has them quiet in the default mode.
func TestDebugUnknown(t *testing.T) {
	a := newAnalyzer()
	if err := a.Flags.Set("debug", "unknown"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdir.Path(t), a, "unknown/...")
}

// TestConsequence checks each grade both ways, with its evidence across
// packages (a manager's resync set up in another package).
func TestConsequence(t *testing.T) {
	analysistest.Run(t, testdir.Path(t), newAnalyzer(), "consequence/...")
}

// TestConsequenceGate reports only the listed grades.
func TestConsequenceGate(t *testing.T) {
	suite := analyzer.Config{}
	if err := suite.Model.Consequences.Set("lost"); err != nil {
		t.Fatal(err)
	}
	a := analyzer.Lookup(suite.Analyzers(), "unretriedupdate")
	analysistest.Run(t, testdir.Path(t), a, "gated/...")
}

func TestModeRejectsUnknown(t *testing.T) {
	err := newAnalyzer().Flags.Set("mode", "lenient")
	if err == nil || err.Error() != `unknown mode "lenient": want one of propagate, strict` {
		t.Fatalf("Set(mode, lenient) = %v", err)
	}
}

// TestWrapFix checks the fix that wraps read, mutations and write in
// retry.RetryOnConflict, and the shapes that must get no fix.
func TestWrapFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdir.Path(t), newAnalyzer(), "unretriedupdate/wrapfix", "unretriedupdate/returnfix", "unretriedupdate/paramfix", "unretriedupdate/createorupdate", "unretriedupdate/crclient")
}

// TestVendoredGOPATH runs on pre-module code whose client-go and
// controller-runtime are vendored, so that their import paths carry the
// vendor directory: writes, retries and loggers are still recognised.
func TestVendoredGOPATH(t *testing.T) {
	src := `package legacyop

import (
	"context"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"
)

func relabel(ctx context.Context, cs kubernetes.Interface, cm *corev1.ConfigMap) {
	if _, err := cs.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{}); err != nil { // want ` + "`conflict from ConfigMaps\\(\"ns\"\\).Update cannot be returned by relabel`" + `
		log.Print(err)
	}
}

func retried(ctx context.Context, cs kubernetes.Interface) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cm, err := cs.CoreV1().ConfigMaps("ns").Get(ctx, "a", metav1.GetOptions{})
		if err != nil {
			return err
		}
		_, err = cs.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{}) // ok: retried
		return err
	})
}
`
	dir := testdir.VendoredSnippets(t, "legacyop", src)
	analysistest.Run(t, dir, newAnalyzer(), "legacyop")
}

// TestResyncSetting grades with the resync period the user gives (-resync,
// or the plugin's resync setting), for what main sets up out of view: a
// resynced controller's lost write heals within it, a lone function's
// does not. Without the setting the same write is lost for good.
func TestResyncSetting(t *testing.T) {
	var config analyzer.Config
	if err := config.Model.Resync.Set("2h"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdir.Path(t), analyzer.Lookup(config.Analyzers(), "unretriedupdate"), "resyncconfig")

	quiet := &recorder{}
	for _, r := range analysistest.Run(quiet, testdir.Path(t), newAnalyzer(), "resyncconfig") {
		for _, d := range r.Diagnostics {
			if !strings.HasSuffix(d.Message, "lost for good") {
				t.Errorf("without -resync: %q, want it lost for good", d.Message)
			}
		}
	}
}

// recorder stands in for the testing.T of an analysistest run whose want
// comments are not the expectation: it keeps what the run would report.
type recorder struct{ errors []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

// TestForeignWriteNamed: a finding at a call of another package's write
// helper names the write at the end of the helper's chain, with its place,
// as a finding at a helper of its own package points at the write.
func TestForeignWriteNamed(t *testing.T) {
	const setPhase = "the conflict-prone write: Status().Update of foo at crosspkg/kubeutil/kubeutil.go:31"
	want := map[string]string{
		"controller.go:36": setPhase, // SetPhase
		"handlers.go:28":   setPhase, // MarkSeen, through a helper of SetPhase's package
	}
	results := analysistest.Run(t, testdir.Path(t), newAnalyzer(), "crosspkg/controller")
	got := map[string]string{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			pos := r.Pass.Fset.Position(d.Pos)
			var related []string
			for _, rel := range d.Related {
				related = append(related, rel.Message)
			}
			got[fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)] = strings.Join(related, "; ")
		}
	}
	for at, msg := range want {
		if got[at] != msg {
			t.Errorf("%s: related %q, want %q", at, got[at], msg)
		}
	}
}
