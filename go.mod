module github.com/conflictlint/conflictlint

go 1.26.0

require golang.org/x/tools v0.52.0

require (
	github.com/owenrumney/go-sarif/v3 v3.3.1 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)
