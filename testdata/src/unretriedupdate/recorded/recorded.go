// Package recorded gives a write's failure to helpers of another package
// that gather a sync's notes. A helper that keeps only the error's text
// (velero's restore warnings) records the failure as a message nobody can
// retry; one that keeps the error itself, or marks the notes failed,
// hands it on to whoever reads the notes.
package recorded

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"unretriedupdate/recorded/notes"
)

type syncer struct{ c client.Client }

func (s *syncer) annotate(ctx context.Context, cm *corev1.ConfigMap) notes.Notes {
	var n notes.Notes
	cm.Annotations = map[string]string{"synced": "true"}
	if err := s.c.Update(ctx, cm); err != nil { // want `conflict from s.c.Update cannot be returned by annotate(Text)?: re-read cm after a conflict in retry.RetryOnConflict; lost for good`
		n.Add("annotate", err)
	}
	return n
}

func (s *syncer) annotateText(ctx context.Context, cm *corev1.ConfigMap) notes.Notes {
	var n notes.Notes
	cm.Annotations = map[string]string{"synced": "true"}
	if err := s.c.Update(ctx, cm); err != nil { // want `conflict from s.c.Update cannot be returned by annotate(Text)?: re-read cm after a conflict in retry.RetryOnConflict; lost for good`
		n.AddText(err)
	}
	return n
}

func (s *syncer) annotateKept(ctx context.Context, cm *corev1.ConfigMap) notes.Notes {
	var n notes.Notes
	cm.Annotations = map[string]string{"synced": "true"}
	if err := s.c.Update(ctx, cm); err != nil { // ok: the error itself goes on in the notes
		n.Keep(err)
	}
	return n
}

func (s *syncer) annotateMarked(ctx context.Context, cm *corev1.ConfigMap) notes.Notes {
	var n notes.Notes
	cm.Annotations = map[string]string{"synced": "true"}
	if err := s.c.Update(ctx, cm); err != nil { // ok: the notes say the sync failed
		n.Fail(err)
	}
	return n
}

func (s *syncer) annotateReturned(ctx context.Context, cm *corev1.ConfigMap) (notes.Notes, error) {
	var n notes.Notes
	cm.Annotations = map[string]string{"synced": "true"}
	if err := s.c.Update(ctx, cm); err != nil { // ok: recorded and returned
		n.Add("annotate", err)
		return n, err
	}
	return n, nil
}
