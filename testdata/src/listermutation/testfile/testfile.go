// Package testfile has a test that changes an object of a lister on
// purpose; tests are not reported.
package testfile
