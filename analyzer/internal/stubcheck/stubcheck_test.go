package stubcheck_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// silent reports nothing; it only makes analysistest load and type-check.
var silent = &analysis.Analyzer{
	Name: "silent",
	Doc:  "reports nothing; used to type-check the stub tree",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

// testdataDir is the repository's shared testdata directory.
func testdataDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// stubPackages lists the import path of every directory holding Go files
// under the stub roots of testdata/src.
func stubPackages(t *testing.T, src string) []string {
	t.Helper()
	roots, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var pkgs []string
	for _, root := range roots {
		if !root.IsDir() || !strings.Contains(root.Name(), ".") {
			continue
		}
		err := filepath.WalkDir(filepath.Join(src, root.Name()), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
				return err
			}
			rel, err := filepath.Rel(src, filepath.Dir(path))
			if err != nil {
				return err
			}
			if p := filepath.ToSlash(rel); !seen[p] {
				seen[p] = true
				pkgs = append(pkgs, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return pkgs
}

// mustHave are packages that analyzer tests rely on; the test fails if one
// disappears from the tree.
var mustHave = []string{
	"k8s.io/apimachinery/pkg/apis/meta/v1",
	"k8s.io/apimachinery/pkg/api/errors",
	"k8s.io/apimachinery/pkg/util/wait",
	"k8s.io/client-go/util/retry",
	"k8s.io/client-go/gentype",
	"k8s.io/client-go/kubernetes",
	"k8s.io/client-go/dynamic",
	"sigs.k8s.io/controller-runtime",
	"sigs.k8s.io/controller-runtime/pkg/client",
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil",
	"example.com/foo-operator/pkg/generated/clientset/versioned",
	// The real-bug set (testdata/src/realbugs) needs these as well.
	"example.com/legacy/client-go/kubernetes",
	"github.com/rancher/wrangler/v3/pkg/generic",
	"github.com/sirupsen/logrus",
	"github.com/golang/glog",
	"k8s.io/klog",
	"github.com/stretchr/testify/require",
	"github.com/onsi/gomega",
	"github.com/pkg/errors",
}

func TestStubTreeTypeChecks(t *testing.T) {
	testdata := testdataDir(t)
	pkgs := stubPackages(t, filepath.Join(testdata, "src"))
	have := map[string]bool{}
	for _, p := range pkgs {
		have[p] = true
	}
	for _, p := range mustHave {
		if !have[p] {
			t.Errorf("stub package %s is missing", p)
		}
	}
	analysistest.Run(t, testdata, silent, append(pkgs, "stubsmoke")...)
}
