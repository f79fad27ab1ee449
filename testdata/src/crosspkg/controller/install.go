package controller

import (
	"context"
	"log"

	"crosspkg/kubeutil"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

// install is a one-shot installer: the Secrets it writes are built
// without a resourceVersion, so WriteSecrets' Update replaces them
// unconditionally and cannot conflict.
func install(ctx context.Context, cs kubernetes.Interface, ns string, yamlOnly bool) {
	var secrets []*corev1.Secret
	var err error
	if !yamlOnly {
		secrets, err = kubeutil.NewSecrets(ns)
		if err != nil {
			log.Fatal(err)
		}
	}
	printAll(ns, secrets)
	if err := kubeutil.WriteSecrets(ctx, cs, secrets); err != nil { // ok: built by another package without a resourceVersion
		log.Fatal(err)
	}
	extra := []*corev1.Secret{{ObjectMeta: metav1.ObjectMeta{Name: "extra", Namespace: ns}}}
	extra = append(extra, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "more", Namespace: ns}})
	if err := kubeutil.WriteSecrets(ctx, cs, extra); err != nil { // ok: literals, appended
		log.Fatal(err)
	}
	if err := kubeutil.ReplaceSecret(ctx, cs, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "ca", Namespace: ns}}); err != nil { // want `conflict from kubeutil.ReplaceSecret is passed to log.Fatal, which exits: re-read corev1.Secret\{…\} inside retry.RetryOnConflict`
		log.Fatal(err)
	}
}

// printAll only prints: it has no client and no object to copy a
// resourceVersion from.
func printAll(ns string, secrets []*corev1.Secret) {
	for _, s := range secrets {
		log.Printf("%s/%s", ns, s.Name)
	}
}

// reinstall writes Secrets read from the server: they carry the stored
// resourceVersion, so the Update can conflict.
func reinstall(ctx context.Context, cs kubernetes.Interface, ns string) {
	list, err := cs.CoreV1().Secrets(ns).List(ctx, metav1.ListOptions{})
	if err != nil {
		log.Fatal(err)
	}
	var secrets []*corev1.Secret
	for i := range list.Items {
		secrets = append(secrets, &list.Items[i])
	}
	if err := kubeutil.WriteSecrets(ctx, cs, secrets); err != nil { // want `conflict from kubeutil.WriteSecrets is passed to log.Fatal, which exits: re-read the object inside retry.RetryOnConflict`
		log.Fatal(err)
	}
	fresh, _ := kubeutil.NewSecrets(ns)
	fresh[0].ResourceVersion = list.Items[0].ResourceVersion
	if err := kubeutil.WriteSecrets(ctx, cs, fresh); err != nil { // want `conflict from kubeutil.WriteSecrets is passed to log.Fatal, which exits: re-read the object inside retry.RetryOnConflict`
		log.Fatal(err)
	}
}
