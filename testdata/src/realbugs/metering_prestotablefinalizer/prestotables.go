// Package metering_prestotablefinalizer reduces a bug fixed in
// kube-reporting/metering-operator (then operator-framework/operator-metering).
//
//	repo:     https://github.com/kube-reporting/metering-operator
//	fix:      https://github.com/kube-reporting/metering-operator/pull/463 (commit 309bf982fb2a9b09bb7d6c40eca1a6e7c64dc8b6)
//	file:     pkg/operator/prestotables.go
//	function: (*Reporting).syncPrestoTable, with helper removePrestoTableFinalizer
//
// The work queue's sync handler took the PrestoTable from the informer's
// lister; on the deletion path it passed that object straight to
// removePrestoTableFinalizer, which removed the finalizer from the
// object's Finalizers field in place and updated it, changing the shared
// informer cache (the other path, handlePrestoTable, made its own
// DeepCopy first). The fix makes the DeepCopy right after the lister read
// and hands the copy to both paths. The same change was made to the
// ScheduledReport sync (counted once, here).
package metering_prestotablefinalizer

import (
	log "github.com/sirupsen/logrus"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/cache"
)

const prestoTableFinalizer = "metering.openshift.io/prestotable"

type PrestoTableStatus struct {
	TableName string
}

type PrestoTable struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status PrestoTableStatus
}

// DeepCopyInto and DeepCopy have the generated shapes.
func (in *PrestoTable) DeepCopyInto(out *PrestoTable) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
}

func (in *PrestoTable) DeepCopy() *PrestoTable {
	if in == nil {
		return nil
	}
	out := new(PrestoTable)
	in.DeepCopyInto(out)
	return out
}

func (in *PrestoTable) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// PrestoTableInterface has the shape of the generated typed client of the
// time (client-go before v0.18: no context, no options).
type PrestoTableInterface interface {
	Update(*PrestoTable) (*PrestoTable, error)
}

type MeteringV1alpha1Interface interface {
	PrestoTables(namespace string) PrestoTableInterface
}

type MeteringClient interface {
	MeteringV1alpha1() MeteringV1alpha1Interface
}

// PrestoTableNamespaceLister and PrestoTableLister have the generated
// listers' shapes.
type PrestoTableNamespaceLister interface {
	Get(name string) (*PrestoTable, error)
}

type PrestoTableLister interface {
	PrestoTables(namespace string) PrestoTableNamespaceLister
}

type tableManager struct{}

func (tableManager) DropTable(name string, ignoreNotExists bool) error { return nil }

type Reporting struct {
	meteringClient    MeteringClient
	prestoTableLister PrestoTableLister
	tableManager      tableManager
	logger            log.FieldLogger
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func removeString(list []string, s string) []string {
	var out []string
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}

// removePrestoTableFinalizer changes and writes the object it is given;
// unchanged by the fix.
func (op *Reporting) removePrestoTableFinalizer(prestoTable *PrestoTable) (*PrestoTable, error) {
	if !containsString(prestoTable.ObjectMeta.Finalizers, prestoTableFinalizer) {
		return prestoTable, nil
	}
	prestoTable.Finalizers = removeString(prestoTable.Finalizers, prestoTableFinalizer)
	newPrestoTable, err := op.meteringClient.MeteringV1alpha1().PrestoTables(prestoTable.Namespace).Update(prestoTable)
	logger := op.logger.WithField("prestoTable", prestoTable.Name)
	if err != nil {
		logger.WithError(err).Errorf("error removing %s finalizer from PrestoTable: %s/%s", prestoTableFinalizer, prestoTable.Namespace, prestoTable.Name)
		return nil, err
	}
	logger.Infof("removed %s finalizer from PrestoTable: %s/%s", prestoTableFinalizer, prestoTable.Namespace, prestoTable.Name)
	return newPrestoTable, nil
}

func (op *Reporting) dropPrestoTable(prestoTable *PrestoTable) error {
	tableName := prestoTable.Status.TableName
	if err := op.tableManager.DropTable(tableName, true); err != nil {
		op.logger.WithError(err).Error("unable to drop presto table")
		return err
	}
	return nil
}

// handlePrestoTableBuggy is handlePrestoTable before the fix: it copies
// the object itself.
func (op *Reporting) handlePrestoTableBuggy(logger log.FieldLogger, prestoTable *PrestoTable) error {
	prestoTable = prestoTable.DeepCopy()
	logger.Infof("handling PrestoTable %s", prestoTable.Name)
	return nil
}

// syncPrestoTableBuggy is syncPrestoTable before the fix.
func (op *Reporting) syncPrestoTableBuggy(logger log.FieldLogger, key string) error {
	namespace, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		logger.WithError(err).Errorf("invalid resource key :%s", key)
		return nil
	}

	prestoTable, err := op.prestoTableLister.PrestoTables(namespace).Get(name)
	if err != nil {
		if apierrors.IsNotFound(err) {
			logger.Infof("PrestoTable %s does not exist anymore", key)
			return nil
		}
		return err
	}

	if prestoTable.DeletionTimestamp != nil {
		logger.Infof("PrestoTable is marked for deletion, performing cleanup")
		err := op.dropPrestoTable(prestoTable)
		if err != nil {
			return err
		}
		_, err = op.removePrestoTableFinalizer(prestoTable) // realbug: listermutation
		return err
	}

	err = op.handlePrestoTableBuggy(logger, prestoTable)
	if err != nil {
		logger.WithError(err).Errorf("error syncing PrestoTable %s", prestoTable.GetName())
		return err
	}
	return nil
}

// handlePrestoTableFixed is handlePrestoTable after the fix: its caller
// copies.
func (op *Reporting) handlePrestoTableFixed(logger log.FieldLogger, prestoTable *PrestoTable) error {
	logger.Infof("handling PrestoTable %s", prestoTable.Name)
	return nil
}

// syncPrestoTableFixed is syncPrestoTable after the fix.
func (op *Reporting) syncPrestoTableFixed(logger log.FieldLogger, key string) error {
	namespace, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		logger.WithError(err).Errorf("invalid resource key :%s", key)
		return nil
	}

	prestoTable, err := op.prestoTableLister.PrestoTables(namespace).Get(name)
	if err != nil {
		if apierrors.IsNotFound(err) {
			logger.Infof("PrestoTable %s does not exist anymore", key)
			return nil
		}
		return err
	}
	pt := prestoTable.DeepCopy()

	if pt.DeletionTimestamp != nil {
		logger.Infof("PrestoTable is marked for deletion, performing cleanup")
		err := op.dropPrestoTable(pt)
		if err != nil {
			return err
		}
		_, err = op.removePrestoTableFinalizer(pt)
		return err
	}

	err = op.handlePrestoTableFixed(logger, pt)
	if err != nil {
		logger.WithError(err).Errorf("error syncing PrestoTable %s", pt.GetName())
		return err
	}
	return nil
}
