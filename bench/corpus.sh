#!/usr/bin/env bash
# Runs conflictlint over the evaluation corpus: real controller modules
# pinned in bench/corpus/<name>/go.mod and fetched through the module proxy
# into the module cache. Not part of `go test ./...`.
#
#   bench/corpus.sh                 # every corpus module
#   MODULES="flux keda" bench/corpus.sh
#   P=2 bench/corpus.sh             # parallelism (default 1: the machine is shared)
#
# For each module it runs the conflictlint binary on the packages listed in
# bench/corpus/<name>/patterns (every package of the pinned modules that
# loads; see docs/evaluation/corpus.md for the few the proxy cannot serve) and fails if it panics or exits with a status
# other than 0 (clean) or 3 (findings); then bench/cmd/corpusstats, which
# runs the same suite through go/analysis/checker and records every finding,
# analysis error, each analyzer's time, and functions against control-flow
# graphs built. Results go to $OUT (default bench/out, not checked in); the
# findings to triage are in $OUT/findings.tsv.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=$(mkdir -p "${OUT:-bench/out}" && cd "${OUT:-bench/out}" && pwd)
modules=${MODULES:-"flux certmanager keda knative clusterapi argorollouts snapshotter provisioner attacher resizer flagger kyverno promoperator velero descheduler trainingoperator trainer gatekeeper envoygateway capa argocd gatewayapi karpenter contour vpa apiextensions cloudprovider aggregator provisionerlib kwok capioperator trustmanager kueue katib kuberay helm chainsaw externalsecrets metallb e2eframework cliutils whereabouts flux2 capg mao cao"}
P=${P:-1}
command -v jq >/dev/null || { echo "corpus.sh: needs jq (apt-get install jq)" >&2; exit 2; }

export GOMAXPROCS=$P GOFLAGS="-p=$P" GOMODCACHE=$(go env GOMODCACHE)
go build -o "$out/conflictlint" ./cmd/conflictlint
go build -o "$out/corpusstats" ./bench/cmd/corpusstats

status=0
for m in $modules; do
  dir=bench/corpus/$m
  mapfile -t patterns < "$dir/patterns"
  echo "== $m: ${#patterns[@]} packages"
  (cd "$dir" && go mod download)
  rc=0
  (cd "$dir" && "$out/conflictlint" -json "${patterns[@]}" >"$out/$m.json" 2>"$out/$m.stderr") || rc=$?
  if grep -q '^panic:\|goroutine [0-9]* \[running\]' "$out/$m.stderr" || { [ $rc -ne 0 ] && [ $rc -ne 3 ]; }; then
    echo "FAIL $m: conflictlint exited $rc"; head -20 "$out/$m.stderr"; status=1
  fi
  rc=0
  (cd "$dir" && "$out/corpusstats" -o "$out/$m.stats.json" "${patterns[@]}") 2>"$out/$m.stats.stderr" || rc=$?
  if [ $rc -ne 0 ]; then
    echo "FAIL $m: corpusstats exited $rc"; head -20 "$out/$m.stats.stderr"
    jq -r '.load_errors[]?, .action_errors[]?' "$out/$m.stats.json" 2>/dev/null | head -20; status=1
  fi
done

# One table for all modules, and every finding to triage.
{
  printf 'module\tpackages\tunits\tfunctions\tgraphs\tssa\tfindings\terrors\n'
  for m in $modules; do
    jq -r --arg m "$m" '[$m, .packages, (.relevant.units + .irrelevant.units),
      (.relevant.functions + .irrelevant.functions), .graphs_built, .ssa_functions,
      (.findings | length), ((.load_errors | length) + (.action_errors | length))] | @tsv' "$out/$m.stats.json"
  done
} | column -t -s $'\t' | tee "$out/summary.txt"
for m in $modules; do
  jq -r --arg m "$m" '.findings[]? | [$m, .analyzer, .posn, .message] | @tsv' "$out/$m.stats.json"
done >"$out/findings.tsv"
echo "findings by analyzer:"
cut -f2 "$out/findings.tsv" | sort | uniq -c
exit $status
