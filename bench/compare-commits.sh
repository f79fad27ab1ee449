#!/usr/bin/env bash
# Compares the findings of commits of the suite over the evaluation corpus
# with one load per module: the commits are exported (git archive), their
# module paths renamed so that bench/copies/main.go links them all, and
# each module's `patterns` loaded once and analyzed by every copy. A
# behaviour-preserving change must leave every module identical (same
# analyzer, position, message and fix edits). Arguments come in pairs,
# BASE NEW, each pair one comparison; several pairs share the load (the
# steps of a refactor compared in one pass over the corpus). Not part of
# `go test ./...`; bench/compare.sh compares two whole binaries instead
# (two loads).
#
#   bench/compare-commits.sh d9fb58b c1070e8
#   bench/compare-commits.sh 56cd1d1 c8f2ad5 b712811 6f2490d   # two steps, one load
#   MODULES="flux keda" bench/compare-commits.sh BASE NEW
#   STRICT=1 bench/compare-commits.sh BASE NEW      # the checks with a mode in strict mode
#   P=2 bench/compare-commits.sh BASE NEW           # two cores for the build and the analysis
#   WAITFOR=bench/out/sweep/units.txt bench/compare-commits.sh ...   # run each module after the sweep has built it
#
# Output in $OUT (default bench/out/compare-commits): <module>.out (every
# copy's lines), <module>.err and summary.txt, one line per module and pair
# ("identical" or "DIFFERENT", the two counts, seconds; the pair named
# when there are several); a module already in summary.txt is skipped
# (resumable). Exit status 1 when any differs.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
[ $# -ge 2 ] && [ $(($# % 2)) -eq 0 ] || { echo "usage: $0 BASE-COMMIT NEW-COMMIT [BASE-COMMIT NEW-COMMIT ...]" >&2; exit 2; }
out=$(mkdir -p "${OUT:-bench/out/compare-commits}" && cd "${OUT:-bench/out/compare-commits}" && pwd)
# Each commit's copy is named for the output's first column: base and split
# for one pair, c<commit> for several.
declare -A copyname=()
commits=()
if [ $# -eq 2 ]; then
  copyname[$1]=base copyname[$2]=split commits=("$1" "$2")
else
  for c in "$@"; do
    [ -n "${copyname[$c]:-}" ] && continue
    copyname[$c]=c$(git rev-parse --short=7 "$c") || exit 2
    commits+=("$c")
  done
fi
# The driver is built once per list of commits and kept in $OUT.
work=$out/.driver-$(echo "$@" | tr ' ' - | cut -c1-120)
# build_driver links the suites of the commits into one driver,
# $work/copies (their module paths renamed so that all can be imported).
build_driver() {
  local name commit newest
  rm -rf "$work"
  mkdir -p "$work/drv"
  cp bench/copies/main.go "$work/drv/main.go"
  sed -i '/^\/\/go:build ignore$/d' "$work/drv/main.go"
  {
    echo "module copies"
    echo
    echo "go 1.26.0"
  } >"$work/drv/go.mod"
  echo "var copies = []suiteCopy{" >"$work/drv/list.txt"
  for commit in "${commits[@]}"; do
    name=${copyname[$commit]}
    mkdir -p "$work/$name"
    git archive "$commit" | tar -x -C "$work/$name" || exit 2
    (cd "$work/$name" && grep -rl 'github.com/conflictlint/conflictlint' --include='*.go' --include=go.mod . |
      xargs sed -i "s#github.com/conflictlint/conflictlint#$name.example/conflictlint#g")
    write_suite "$name"
    echo "	{\"$name\", ${name}Suite}," >>"$work/drv/list.txt"
    printf 'require %s.example/conflictlint v0.0.0\nreplace %s.example/conflictlint => ../%s\n' "$name" "$name" "$name" >>"$work/drv/go.mod"
    newest=$name
  done
  # The packages are prepared for analysis by the last commit named.
  cat >"$work/drv/copies.go" <<GLUE
package main

import (
	newest "$newest.example/conflictlint/analyzer"
	"golang.org/x/tools/go/packages"
)

$(cat "$work/drv/list.txt")
}

func prepare(pkgs []*packages.Package) []*packages.Package { return newest.WithoutFactFreeImports(pkgs) }
GLUE
  (cd "$work/drv" && GOFLAGS=-mod=mod go mod tidy >/dev/null 2>&1 && go build -o "$work/copies" .) || { echo "cannot build the driver" >&2; exit 2; }
}
# write_suite writes the function that builds one copy's suite as its
# cmd/conflictlint builds it.
write_suite() {
  local name=$1 suite
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
}
pairs=("$@")
[ -x "$work/copies" ] || build_driver
echo "compare-commits: $*" | tee "$out/commits.txt"
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
  (cd "bench/corpus/$m" && "$work/copies" "${patterns[@]}" >"$out/$m.out" 2>"$out/$m.err")
  rc=$?
  secs=$(($(date +%s) - t0))
  for ((i = 0; i < ${#pairs[@]}; i += 2)); do
    base=${copyname[${pairs[i]}]} new=${copyname[${pairs[i + 1]}]}
    b=$(awk -F'\t' -v c="$base" '$1 == c' "$out/$m.out" | cut -f2-)
    s=$(awk -F'\t' -v c="$new" '$1 == c' "$out/$m.out" | cut -f2-)
    r=identical
    [ $rc -eq 0 ] || r="FAILED(exit $rc)"
    [ "$b" = "$s" ] || r=DIFFERENT
    # A module that did not load compares nothing: its packages are skipped.
    grep -q " 0 load errors$" "$out/$m.err" || r="LOADERRORS"
    pair=""
    [ ${#pairs[@]} -gt 2 ] && pair="${pairs[i]}..${pairs[i + 1]} "
    echo "$m $pair$r base=$(grep -c . <<<"$b") new=$(grep -c . <<<"$s") ${secs}s" | tee -a "$out/summary.txt"
  done
done
! grep -q 'DIFFERENT\|FAILED\|LOADERRORS' "$out/summary.txt"
