module github.com/conflictlint/conflictlint/bench/corpus/externalsecrets

go 1.26.0

replace github.com/Masterminds/sprig/v3 => github.com/external-secrets/sprig/v3 v3.3.0

require github.com/external-secrets/external-secrets v0.16.2
