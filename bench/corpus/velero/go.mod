module github.com/conflictlint/conflictlint/bench/corpus/velero

go 1.26.0

require github.com/vmware-tanzu/velero v1.18.3

replace github.com/kopia/kopia => github.com/project-velero/kopia v0.0.0-20251230033609-d946b1e75197
