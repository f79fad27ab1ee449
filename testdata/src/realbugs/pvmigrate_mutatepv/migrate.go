// Package pvmigrate_mutatepv reduces a bug fixed in replicatedhq/pvmigrate.
//
//	repo:     https://github.com/replicatedhq/pvmigrate
//	fix:      https://github.com/replicatedhq/pvmigrate/pull/4 (commit fd4b3dfdfd81946ee4c46465059ba65ea4016e0c)
//	file:     pkg/migrate/migrate.go
//	function: mutatePV, called from Migrate
//
// The one-shot migration tool read a PersistentVolume, changed its reclaim
// policy and updated it once; the PV controller writes PVs too, and a
// Conflict came back to Migrate, which printed it and called os.Exit(1) in
// the middle of a migration. The fix re-reads, re-applies the change and
// updates again on a Conflict, up to five times.
//
// The shared client-go stub has no PersistentVolume client, so the
// core/v1 PersistentVolume type and its typed client are declared in this
// package with the generated shapes; the rest of the tool uses client-go's
// clientset as the original does (scaleDownPods), which also keeps the
// package inside the analyzers' gate (it must reach the client APIs).
package pvmigrate_mutatepv

import (
	"context"
	"fmt"
	"os"
	"time"

	k8serrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	k8sclient "k8s.io/client-go/kubernetes"
)

type PersistentVolumeReclaimPolicy string

const PersistentVolumeReclaimRetain PersistentVolumeReclaimPolicy = "Retain"

type PersistentVolumeSpec struct {
	PersistentVolumeReclaimPolicy PersistentVolumeReclaimPolicy
}

type PersistentVolume struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec PersistentVolumeSpec
}

func (in *PersistentVolume) DeepCopyObject() runtime.Object { out := *in; return &out }

// PersistentVolumeInterface has the generated typed client's shapes.
type PersistentVolumeInterface interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*PersistentVolume, error)
	Update(ctx context.Context, persistentVolume *PersistentVolume, opts metav1.UpdateOptions) (*PersistentVolume, error)
}

type CoreV1Interface interface {
	PersistentVolumes() PersistentVolumeInterface
}

type Interface interface {
	CoreV1() CoreV1Interface
}

// mutatePVBuggy is mutatePV before the fix.
func mutatePVBuggy(clientset Interface, pvName string, mutator func(*PersistentVolume) *PersistentVolume, checker func(*PersistentVolume) bool) error {
	pv, err := clientset.CoreV1().PersistentVolumes().Get(context.TODO(), pvName, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("failed to get persistent volumes %s: %w", pvName, err)
	}

	pv = mutator(pv)

	_, err = clientset.CoreV1().PersistentVolumes().Update(context.TODO(), pv, metav1.UpdateOptions{}) // realbug: unretriedupdate
	if err != nil {
		return fmt.Errorf("failed to mutate PV %s: %w", pvName, err)
	}
	return waitForPV(clientset, pvName, checker)
}

// mutatePVFixed is mutatePV after the fix: a read-modify-write loop that
// starts over on a Conflict, at most five more times.
func mutatePVFixed(clientset Interface, pvName string, mutator func(*PersistentVolume) *PersistentVolume, checker func(*PersistentVolume) bool) error {
	tries := 0
	for {
		pv, err := clientset.CoreV1().PersistentVolumes().Get(context.TODO(), pvName, metav1.GetOptions{})
		if err != nil {
			return fmt.Errorf("failed to get persistent volumes %s: %w", pvName, err)
		}

		pv = mutator(pv)

		_, err = clientset.CoreV1().PersistentVolumes().Update(context.TODO(), pv, metav1.UpdateOptions{}) // realbug: unretriedupdate fp=strict "a hand-written loop that re-reads and starts over on IsConflict is a retry, but strict mode does not recognise it as a retry scope"
		if err != nil {
			if k8serrors.IsConflict(err) {
				if tries > 5 {
					return fmt.Errorf("failed to mutate PV %s: %w", pvName, err)
				}
				tries++
				continue
			} else {
				return fmt.Errorf("failed to mutate PV %s: %w", pvName, err)
			}
		}
		break
	}
	return waitForPV(clientset, pvName, checker)
}

func waitForPV(clientset Interface, pvName string, checker func(*PersistentVolume) bool) error {
	for {
		pv, err := clientset.CoreV1().PersistentVolumes().Get(context.TODO(), pvName, metav1.GetOptions{})
		if err != nil {
			return fmt.Errorf("failed to get persistent volumes %s: %w", pvName, err)
		}
		if checker(pv) {
			return nil
		}
		time.Sleep(time.Second * 5)
	}
}

func retain(volume *PersistentVolume) *PersistentVolume {
	volume.Spec.PersistentVolumeReclaimPolicy = PersistentVolumeReclaimRetain
	return volume
}

func retained(volume *PersistentVolume) bool {
	return volume.Spec.PersistentVolumeReclaimPolicy == PersistentVolumeReclaimRetain
}

// scaleDownPods lists the pods that mount the PVCs to migrate (reduced to
// its first call).
func scaleDownPods(clientset k8sclient.Interface, namespaces []string) error {
	for _, ns := range namespaces {
		if _, err := clientset.CoreV1().Pods(ns).List(context.TODO(), metav1.ListOptions{}); err != nil {
			return fmt.Errorf("failed to get pods in %s: %w", ns, err)
		}
	}
	return nil
}

// MigrateBuggy is the tool's driver (unchanged by the fix) calling the
// buggy mutatePV: any error ends the process.
func MigrateBuggy(k8s k8sclient.Interface, clientset Interface, namespaces, originalPVNames []string) {
	if err := scaleDownPods(k8s, namespaces); err != nil {
		fmt.Printf("failed to scale down pods: %v\n", err)
		os.Exit(1)
	}
	for _, pvname := range originalPVNames {
		fmt.Printf("Marking PV %s as to-be-retained\n", pvname)
		err := mutatePVBuggy(clientset, pvname, retain, retained) // realbug: unretriedupdate alt "the helper returns the Conflict, and the driver prints it and calls os.Exit(1)"
		if err != nil {
			fmt.Printf("failed to set PV reclaim policy: %v\n", err)
			os.Exit(1)
		}
	}
}

// MigrateFixed is the same driver calling the fixed mutatePV.
func MigrateFixed(k8s k8sclient.Interface, clientset Interface, namespaces, originalPVNames []string) {
	if err := scaleDownPods(k8s, namespaces); err != nil {
		fmt.Printf("failed to scale down pods: %v\n", err)
		os.Exit(1)
	}
	for _, pvname := range originalPVNames {
		fmt.Printf("Marking PV %s as to-be-retained\n", pvname)
		err := mutatePVFixed(clientset, pvname, retain, retained)
		if err != nil {
			fmt.Printf("failed to set PV reclaim policy: %v\n", err)
			os.Exit(1)
		}
	}
}
