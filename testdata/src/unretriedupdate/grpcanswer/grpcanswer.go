// Package grpcanswer is a gRPC server that writes a workflow's status for
// a worker and answers a failed write with an error of its own
// (tinkerbell's ReportActionStatus): the error goes back to the remote
// caller, whose loop calls again and re-reads; the failure is handed on,
// not only logged. Answering with the code OK answers nil: lost.
package grpcanswer

import (
	"context"
	"log"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Server struct{ Client client.Client }

func (s *Server) ReportStatus(ctx context.Context, cm *corev1.ConfigMap) (*corev1.ConfigMap, error) {
	cm.Data = map[string]string{"action": "done"}
	if err := s.Client.Status().Update(ctx, cm); err != nil { // ok: the caller gets an error
		log.Printf("applying update: %v", err)
		return nil, status.Errorf(codes.InvalidArgument, "invalid workflow %s", cm.Name)
	}
	return cm, nil
}

func (s *Server) ReportQuietly(ctx context.Context, cm *corev1.ConfigMap) (*corev1.ConfigMap, error) {
	cm.Data = map[string]string{"action": "done"}
	if err := s.Client.Status().Update(ctx, cm); err != nil { // want `conflict from Status\(\).Update is only logged: re-read cm after a conflict in retry.RetryOnConflict; lost for good$`
		log.Printf("applying update: %v", err)
		return nil, status.Error(codes.OK, "ignored")
	}
	return cm, nil
}
