// Package factory hands out a retrier.
package factory

import "kube/testgate/retrier"

func New() *retrier.Retrier { return new(retrier.Retrier) }
