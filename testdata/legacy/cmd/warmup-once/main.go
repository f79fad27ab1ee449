// Command warmup-once opens the warm-up gate of one pod by hand, for pods
// whose warm-up controller is not running.
package main

import (
	"flag"

	"github.com/sirupsen/logrus"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"

	"example.com/legacy-operator/internal/warmup"
)

func main() {
	kubeconfig := flag.String("kubeconfig", "", "path to the kubeconfig file")
	namespace := flag.String("namespace", "default", "namespace of the pod")
	name := flag.String("pod", "", "name of the pod")
	flag.Parse()

	config, err := clientcmd.BuildConfigFromFlags("", *kubeconfig)
	if err != nil {
		logrus.Fatalf("loading kubeconfig: %v", err)
	}
	pods := kubernetes.NewForConfigOrDie(config).CoreV1().Pods(*namespace)
	log := logrus.New()

	pod, err := pods.Get(*name, metav1.GetOptions{})
	if err != nil {
		log.WithError(err).Fatal("reading pod")
	}
	pod.Status.Conditions = append(pod.Status.Conditions, corev1.PodCondition{Type: warmup.ConditionType, Status: corev1.ConditionTrue})
	pod, err = pods.UpdateStatus(pod)
	if err != nil {
		// A Conflict with the kubelet's own status writes ends the run.
		logrus.Fatalf("opening the gate of %s: %v", *name, err)
	}

	// Fatalf above ended the program on failure: pod is the fresh copy the
	// write returned, so this second write is not a stale one.
	pod.Labels["example.com/warm"] = "true"
	if _, err := pods.Update(pod); err != nil {
		log.WithError(err).Fatal("labelling pod")
	}
}
