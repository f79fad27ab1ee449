#!/usr/bin/env bash
# Compares the findings of two commits of the suite over the evaluation
# corpus with one load per module: both commits are exported (git archive),
# their module paths renamed so that bench/twocopy/main.go links both, and
# each module's `patterns` loaded once and analyzed by both suites. A
# behaviour-preserving change must leave every module identical (same
# analyzer, position, message and fix edits). Not part of `go test ./...`;
# bench/compare.sh compares two whole binaries instead (two loads).
#
#   bench/compare-commits.sh d9fb58b c1070e8
#   MODULES="flux keda" bench/compare-commits.sh BASE NEW
#   STRICT=1 bench/compare-commits.sh BASE NEW      # the checks with a mode in strict mode
#   WAITFOR=bench/out/sweep/units.txt bench/compare-commits.sh ...   # run each module after the sweep has built it
#
# Output in $OUT (default bench/out/compare-commits): <module>.out (both
# copies' lines), <module>.err and summary.txt, one line per module
# ("identical" or "DIFFERENT", the two counts, seconds); a module already
# in summary.txt is skipped (resumable). Exit status 1 when any differs.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
[ $# -eq 2 ] || { echo "usage: $0 BASE-COMMIT NEW-COMMIT" >&2; exit 2; }
out=$(mkdir -p "${OUT:-bench/out/compare-commits}" && cd "${OUT:-bench/out/compare-commits}" && pwd)
# The driver is built once per pair of commits and kept in $OUT.
work=$out/.driver-$1-$2
# build_driver links the suites of the two commits into one driver,
# $work/twocopy (their module paths renamed so that both can be imported).
build_driver() {
  local base=$1 new=$2 pair name commit
  rm -rf "$work"
  for pair in "base:$base" "split:$new"; do
    name=${pair%%:*} commit=${pair#*:}
    mkdir -p "$work/$name"
    git archive "$commit" | tar -x -C "$work/$name" || exit 2
    (cd "$work/$name" && grep -rl 'github.com/conflictlint/conflictlint' --include='*.go' --include=go.mod . |
      xargs sed -i "s#github.com/conflictlint/conflictlint#$name.example/conflictlint#g")
  done
  mkdir -p "$work/drv"
  cp bench/twocopy/main.go "$work/drv/main.go"
  sed -i '/^\/\/go:build ignore$/d' "$work/drv/main.go"
  for name in base split; do # each copy's suite, as its cmd/conflictlint builds it
    if grep -q '^func CoveredTestVariants' "$work/$name/analyzer/"*.go; then
      suite="var c a.Config
	c.Model.CoveredVariant = a.CoveredTestVariants(pkgs)
	return a.FreeingModels(c.Analyzers())"
    else
      suite="return a.FreeingModels(a.Default())"
    fi
    cat >"$work/drv/suite_$name.go" <<GLUE
package main

import (
	a "$name.example/conflictlint/analyzer"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

func ${name}Suite(pkgs []*packages.Package) []*analysis.Analyzer {
	$suite
}
GLUE
  done
  cat >"$work/drv/go.mod" <<MOD
module twocopy

go 1.26.0

require (
	base.example/conflictlint v0.0.0
	split.example/conflictlint v0.0.0
)

replace base.example/conflictlint => ../base

replace split.example/conflictlint => ../split
MOD
  (cd "$work/drv" && GOFLAGS=-mod=mod go mod tidy >/dev/null 2>&1 && go build -o "$work/twocopy" .) || { echo "cannot build the driver" >&2; exit 2; }
}
[ -x "$work/twocopy" ] || build_driver "$1" "$2"
echo "compare-commits: $1 against $2" | tee "$out/commits.txt"
export GOMAXPROCS=${P:-1} GOFLAGS="-p=${P:-1} -buildvcs=false"
modules=${MODULES:-$(cd bench/corpus && ls -d */ | tr -d /)}
touch "$out/summary.txt"
for m in $modules; do
  grep -q "^$m " "$out/summary.txt" && continue
  if [ -n "${WAITFOR:-}" ]; then
    until cut -f1 "$WAITFOR" 2>/dev/null | grep -qx "corpus-$m"; do sleep 30; done
  fi
  mapfile -t patterns <"bench/corpus/$m/patterns"
  t0=$(date +%s)
  (cd "bench/corpus/$m" && go mod download) || echo "   go mod download failed in bench/corpus/$m"
  (cd "bench/corpus/$m" && "$work/twocopy" "${patterns[@]}" >"$out/$m.out" 2>"$out/$m.err")
  rc=$?
  b=$(awk -F'\t' '$1 == "base"' "$out/$m.out" | cut -f2-)
  s=$(awk -F'\t' '$1 == "split"' "$out/$m.out" | cut -f2-)
  r=identical
  [ $rc -eq 0 ] || r="FAILED(exit $rc)"
  [ "$b" = "$s" ] || r=DIFFERENT
  # A module that did not load compares nothing: its packages are skipped.
  grep -q " 0 load errors$" "$out/$m.err" || r="LOADERRORS"
  echo "$m $r base=$(grep -c . <<<"$b") new=$(grep -c . <<<"$s") $(( $(date +%s) - t0 ))s" | tee -a "$out/summary.txt"
done
! grep -q 'DIFFERENT\|FAILED\|LOADERRORS' "$out/summary.txt"
