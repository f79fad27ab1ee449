#!/usr/bin/env bash
# Compares the findings of two conflictlint binaries over the evaluation
# corpus, module by module: the -json output of each over the module's
# `patterns`, byte for byte. A behaviour-preserving change (a refactor)
# must leave every module identical. Not part of `go test ./...`.
#
#   go build -o /tmp/cl-base ./cmd/conflictlint   # at the base commit
#   go build -o /tmp/cl-new ./cmd/conflictlint    # at the change
#   BASE=/tmp/cl-base NEW=/tmp/cl-new bench/compare.sh
#   MODULES="flux keda" BASE=... NEW=... bench/compare.sh
#
# Output in $OUT (default bench/out/compare): <module>.base.json,
# <module>.new.json and summary.txt, one line per module ("identical" or
# "DIFFERENT"); a module already in summary.txt is skipped (resumable).
# Exit status 1 when any module differs.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
: "${BASE:?BASE=path of the base binary}" "${NEW:?NEW=path of the changed binary}"
out=$(mkdir -p "${OUT:-bench/out/compare}" && cd "${OUT:-bench/out/compare}" && pwd)
modules=${MODULES:-$(cd bench/corpus && ls -d */ | tr -d /)}
export GOMAXPROCS=${P:-1} GOFLAGS="-p=${P:-1}"
touch "$out/summary.txt"
for m in $modules; do
  grep -q "^$m " "$out/summary.txt" && continue
  mapfile -t patterns <"bench/corpus/$m/patterns"
  t0=$(date +%s)
  (cd "bench/corpus/$m" && "$BASE" -json "${patterns[@]}" >"$out/$m.base.json" 2>"$out/$m.base.err")
  (cd "bench/corpus/$m" && "$NEW" -json "${patterns[@]}" >"$out/$m.new.json" 2>"$out/$m.new.err")
  r=identical
  cmp -s "$out/$m.base.json" "$out/$m.new.json" || r=DIFFERENT
  echo "$m $r $(( $(date +%s) - t0 ))s" | tee -a "$out/summary.txt"
done
! grep -q DIFFERENT "$out/summary.txt"
