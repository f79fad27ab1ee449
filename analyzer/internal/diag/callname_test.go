package diag

import (
	"go/ast"
	"go/parser"
	"testing"
)

func TestCallName(t *testing.T) {
	for src, want := range map[string]string{
		`clientset.AppsV1().Deployments(d.Namespace).Update(ctx, d, metav1.UpdateOptions{})`: `Deployments(d.Namespace).Update`,
		`c.kube.CoreV1().ConfigMaps(c.namespace).Update(ctx, cm, metav1.UpdateOptions{})`:    `ConfigMaps(c.namespace).Update`,
		`cs.CoreV1().ConfigMaps("ns").Update(ctx, cm, metav1.UpdateOptions{})`:               `ConfigMaps("ns").Update`,
		`cs.CoreV1().ConfigMaps(req.NamespacedName.Namespace).Update(ctx, cm, opts)`:         `ConfigMaps(…).Update`,
		`cs.CoreV1().ConfigMaps(obj.GetNamespace()).Update(ctx, cm, opts)`:                   `ConfigMaps(…).Update`,
		`r.Status().Update(ctx, &deploy)`:                                                    `Status().Update`,
		`r.Update(ctx, &deploy)`:                                                             `r.Update`,
		`s.c.Update(ctx, &cm)`:                                                               `s.c.Update`,
		`kubeutil.Annotate(ctx, r.Client, deploy, labels.ControllerVersion, "v2")`:           `kubeutil.Annotate`,
		`controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error { return nil })`:      `controllerutil.CreateOrUpdate`,
		`save(ctx, c, &cm)`:           `save`,
		`(r.Update)(ctx, obj)`:        `r.Update`,
		`clients[i].Update(ctx, obj)`: `clients[i].Update`,
		`r.SubResource("scale").Update(ctx, obj, client.WithSubResourceBody(s))`: `SubResource("scale").Update`,
		`writer()(ctx, obj)`:        `writer()`,
		`update[*v1.Pod](ctx, obj)`: `update`,
	} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if got := CallName(e.(*ast.CallExpr)); got != want {
			t.Errorf("CallName(%s) = %q, want %q", src, got, want)
		}
	}
}
