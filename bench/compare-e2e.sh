#!/usr/bin/env bash
# Compares what conflictlint prints at pairs of commits on the e2e modules
# (testdata/example, legacy and wrangler of the working tree, so that every
# commit reads the same input) in each output format (text, json, sarif,
# github) and in strict mode with the unknown fates printed. Each commit's
# command is built from `git archive`; outputs and exit status are compared
# byte for byte. Arguments come in pairs, BASE NEW, as for
# bench/compare-commits.sh; not part of `go test ./...`.
#
#   bench/compare-e2e.sh 56cd1d1 a7b1edb ba0c2a8 a342a5c
#
# Output in $OUT (default bench/out/compare-e2e): bin/<commit>,
# res/<commit>/<module>.<format> and summary.txt, one line per pair
# ("identical" or "DIFFERENT", with the files that differ). Exit status 1
# when any differs.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
[ $# -ge 2 ] && [ $(($# % 2)) -eq 0 ] || { echo "usage: $0 BASE-COMMIT NEW-COMMIT [BASE-COMMIT NEW-COMMIT ...]" >&2; exit 2; }
out=$(mkdir -p "${OUT:-bench/out/compare-e2e}" && cd "${OUT:-bench/out/compare-e2e}" && pwd)
commits=$(printf '%s\n' "$@" | awk '!seen[$0]++')
for c in $commits; do
  [ -x "$out/bin/$c" ] && continue
  rm -rf "$out/src/$c" && mkdir -p "$out/src/$c" "$out/bin"
  git archive "$c" | tar -x -C "$out/src/$c" || exit 2
  (cd "$out/src/$c" && go build -o "$out/bin/$c" ./cmd/conflictlint) || { echo "cannot build $c" >&2; exit 2; }
done
export GOFLAGS=-buildvcs=false
for c in $commits; do
  for m in example legacy wrangler; do
    for f in text json sarif github strict; do
      o=$out/res/$c/$m.$f
      mkdir -p "$(dirname "$o")"
      [ -s "$o" ] && continue
      args=(-format="$f")
      [ "$f" = strict ] && args=(-unretriedupdate.mode=strict -unretriedupdate.debug=unknown)
      (cd "testdata/$m" && "$out/bin/$c" -root . "${args[@]}" ./... >"$o" 2>&1; echo "exit $?" >>"$o")
    done
  done
done
: >"$out/summary.txt"
while [ $# -gt 0 ]; do
  a=$1 b=$2
  shift 2
  differ=$(cd "$out/res/$a" && for f in *; do cmp -s "$f" "$out/res/$b/$f" || echo "$f"; done)
  if [ -z "$differ" ]; then
    echo "$a..$b identical ($(ls "$out/res/$a" | wc -l) outputs)"
  else
    echo "$a..$b DIFFERENT:" $differ
  fi | tee -a "$out/summary.txt"
done
! grep -q DIFFERENT "$out/summary.txt"
