// Package commands holds one-shot command-line programs built with cobra:
// an error returned from a command's RunE is printed and ends the program.
package commands

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"

	"github.com/spf13/cobra"
)

type options struct {
	client kubernetes.Interface
	name   string
}

// NewPause returns a command whose RunE writes the cm directly.
func NewPause(o *options) *cobra.Command {
	return &cobra.Command{
		Use: "pause",
		RunE: func(_ *cobra.Command, _ []string) error {
			cm, err := o.client.CoreV1().ConfigMaps("ns").Get(context.TODO(), o.name, metav1.GetOptions{})
			if err != nil {
				return err
			}
			cm.Data = map[string]string{"paused": "true"}
			_, err = o.client.CoreV1().ConfigMaps("ns").Update(context.TODO(), cm, metav1.UpdateOptions{}) // want `conflict from ConfigMaps\("ns"\).Update is returned from a cobra command, which exits: re-read cm inside retry.RetryOnConflict`
			return err
		},
	}
}

// NewResume stores a method value; run's returned error ends the program.
func NewResume(o *options) *cobra.Command {
	cmd := &cobra.Command{Use: "resume"}
	cmd.RunE = o.run
	return cmd
}

func (o *options) run(_ *cobra.Command, _ []string) error {
	cm, err := o.client.CoreV1().ConfigMaps("ns").Get(context.TODO(), o.name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	cm.Data = nil
	if _, err := o.client.CoreV1().ConfigMaps("ns").Update(context.TODO(), cm, metav1.UpdateOptions{}); err != nil { // want `conflict from ConfigMaps\("ns"\).Update is returned from a cobra command, which exits: re-read cm inside retry.RetryOnConflict`
		return err
	}
	return nil
}

// NewCordon retries: the command ends only when the retry gives up.
func NewCordon(o *options) *cobra.Command {
	return &cobra.Command{
		Use: "cordon",
		RunE: func(_ *cobra.Command, _ []string) error {
			return retry.RetryOnConflict(retry.DefaultRetry, func() error {
				cm, err := o.client.CoreV1().ConfigMaps("ns").Get(context.TODO(), o.name, metav1.GetOptions{})
				if err != nil {
					return err
				}
				cm.Data = map[string]string{"paused": "true"}
				_, err = o.client.CoreV1().ConfigMaps("ns").Update(context.TODO(), cm, metav1.UpdateOptions{}) // ok: retried
				return err
			})
		},
	}
}

// step has a RunE field of its own: not a cobra command.
type step struct {
	RunE func() error
}

// NewStep's error goes to whoever runs the step.
func NewStep(o *options) step {
	return step{RunE: func() error {
		cm, err := o.client.CoreV1().ConfigMaps("ns").Get(context.TODO(), o.name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		_, err = o.client.CoreV1().ConfigMaps("ns").Update(context.TODO(), cm, metav1.UpdateOptions{}) // ok: returned to the step's runner
		return err
	}}
}

var _ = corev1.ConfigMap{}
