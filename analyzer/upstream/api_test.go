package upstream_test

import (
	"fmt"
	"go/types"
	"testing"

	"github.com/conflictlint/conflictlint/analyzer/upstream"
)

func TestNameListRejectsMalformedNames(t *testing.T) {
	for _, bad := range []string{"Retry", "pkg.", "(pkg.T.Method", "(T).Method", "pkg/x.(T).M"} {
		var l upstream.NameList
		if err := l.Set(bad); err == nil {
			t.Errorf("Set(%q) accepted a malformed name", bad)
		}
	}
	var l upstream.NameList
	if err := l.Set("a/b.F,(a/b.T).M,(*a/b.T).N"); err != nil || len(l) != 3 {
		t.Errorf("Set of good names: %v, %v", l, err)
	}
}

func TestWriteKindString(t *testing.T) {
	got := fmt.Sprint(upstream.WriteUpdate, upstream.WriteTypedUpdate, upstream.WriteDynamicUpdate)
	if got != "update typed-update dynamic-update" {
		t.Fatalf("got %q", got)
	}
}

func TestHasPrefixPath(t *testing.T) {
	for _, c := range []struct {
		path, prefix string
		want         bool
	}{
		{"sigs.k8s.io/controller-runtime", "sigs.k8s.io/controller-runtime", true},
		{"sigs.k8s.io/controller-runtime/pkg/client", "sigs.k8s.io/controller-runtime", true},
		{"sigs.k8s.io/controller-runtime-extras", "sigs.k8s.io/controller-runtime", false},
		{"k8s.io/client-go/rest", upstream.ClientGoPrefix, true},
		{"k8s.io/client-go", upstream.ClientGoPrefix, false},
	} {
		if got := upstream.HasPrefixPath(c.path, c.prefix); got != c.want {
			t.Errorf("HasPrefixPath(%q, %q) = %v, want %v", c.path, c.prefix, got, c.want)
		}
	}
}

func TestIsUpstream(t *testing.T) {
	for path, want := range map[string]bool{
		"k8s.io/client-go/kubernetes":               true,
		"sigs.k8s.io/controller-runtime/pkg/client": true,
		"k8s.io/apimachinery/pkg/api/errors":        true,
		"k8s.io/kubernetes/pkg/controller":          false,
		"example.com/operator/controllers":          false,
	} {
		if got := upstream.IsUpstream(types.NewPackage(path, "p")); got != want {
			t.Errorf("IsUpstream(%q) = %v, want %v", path, got, want)
		}
	}
}

func TestNameListHas(t *testing.T) {
	pkg := types.NewPackage("example.com/kubeutil", "kubeutil")
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	fn := types.NewFunc(0, pkg, "Retry", sig)
	var l upstream.NameList
	if err := l.Set("example.com/kubeutil.Retry"); err != nil {
		t.Fatal(err)
	}
	if !l.Has(fn) {
		t.Errorf("%v does not hold %s", l, fn.FullName())
	}
	if l.Has(types.NewFunc(0, pkg, "Other", sig)) {
		t.Errorf("%v holds kubeutil.Other", l)
	}
}
