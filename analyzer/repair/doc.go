// Package repair is what the checks' fixes and messages need of the
// model, and nothing else imports it: how to insert a re-read of a written
// object (through which client, with which imports), which statements are
// plain changes to an object, which check owns the fix of a write that
// several report, and why no fix is offered. It builds on the generic
// edit helpers of internal/fixes, which know nothing of Kubernetes.
package repair
