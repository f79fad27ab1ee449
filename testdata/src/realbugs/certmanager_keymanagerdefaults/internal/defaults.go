// Package internal holds the reduced runtime defaulting of
// internal/apis/certmanager/v1 in the certmanager_keymanagerdefaults case.
package internal

import "realbugs/certmanager_keymanagerdefaults/apis"

// DefaultPrivateKeyRotationPolicyAlways stands for the feature gate.
var DefaultPrivateKeyRotationPolicyAlways = true

// SetRuntimeDefaults_Certificate sets the default rotation policy to Always,
// or Never if the feature is disabled. It changes the Certificate it is
// given.
func SetRuntimeDefaults_Certificate(in *apis.Certificate) {
	if in.Spec.PrivateKey == nil {
		in.Spec.PrivateKey = &apis.CertificatePrivateKey{}
	}
	if in.Spec.PrivateKey.RotationPolicy == "" {
		defaultRotationPolicy := apis.RotationPolicyNever
		if DefaultPrivateKeyRotationPolicyAlways {
			defaultRotationPolicy = apis.RotationPolicyAlways
		}
		in.Spec.PrivateKey.RotationPolicy = defaultRotationPolicy
	}
}
