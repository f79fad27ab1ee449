#!/usr/bin/env bash
# Checks the suggested fixes on the evaluation corpus (bench/corpus/*): for
# each corpus module it counts the findings and those with a fix, and when
# any has one, applies `conflictlint -fix` to a scratch copy of the
# upstream module(s) the fixes edit (swapped in with a `replace` in a copy
# of the corpus go.mod, so the module cache is not touched), then checks
# that every package the fixes touched still builds, tests included, and
# that every finding whose fix was applied is gone and no finding is new.
# The count may drop by more than the fixes applied: wrapping a write in a
# retry also ends the staleness of a later write of the same object, whose
# finding goes with it. Not part of `go test ./...`.
#
#   bench/fixcheck.sh                    # every corpus module
#   MODULES="flux keda" bench/fixcheck.sh
#
# Results go to $OUT (default bench/out/fixcheck), with each module's fixes
# as $m.fix.diff; the last line of the output is the total. Exit status 1
# when any module fails the check.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=$(mkdir -p "${OUT:-bench/out/fixcheck}" && cd "${OUT:-bench/out/fixcheck}" && pwd)
modules=${MODULES:-$(cd bench/corpus && ls -d */ | tr -d /)}
P=${P:-1}
command -v jq >/dev/null || { echo "fixcheck.sh: needs jq (apt-get install jq)" >&2; exit 2; }
export LC_ALL=C GOMAXPROCS=$P GOFLAGS="-p=$P" GOMODCACHE=$(go env GOMODCACHE)
bin=$out/conflictlint
go build -o "$bin" ./cmd/conflictlint

# findings FILE: how many findings a -json report holds; fixable FILE: how
# many of them carry a suggested fix.
findings() { jq '[.[] | .[] | arrays | .[]] | length' "$1"; }
fixable() { jq '[.[] | .[] | arrays | .[] | select((.suggested_fixes // []) | length > 0)] | length' "$1"; }

# keys FILE [fixable]: one line per finding (of those with a fix), as
# "analyzer<TAB>file<TAB>message", the file without the directory that holds
# the module (the module cache before the fix, the scratch copy after) and
# without line and column, which a fix shifts. Sorted, repeats kept.
keys() {
  local filter='.'
  [ "${2:-}" = fixable ] && filter='select((.suggested_fixes // []) | length > 0)'
  jq -r "to_entries[] | .value | to_entries[] | select(.value | type == \"array\") | .key as \$a | .value[] | $filter |
    \"\(\$a)\t\(.posn | sub(\":[0-9]+:[0-9]+$\"; \"\"))\t\(.message)\"" "$1" |
    sed -e "s|$GOMODCACHE/||" -e "s|$out/[^/]*/src/||" -e "s|$root/bench/corpus/[^/]*/||" | sort
}

# lint DIR REPORT PATTERNS...: conflictlint -json, which must not fail.
lint() {
  local dir=$1 report=$2 rc=0
  shift 2
  (cd "$dir" && "$bin" -json "$@" >"$report" 2>"$report.stderr") || rc=$?
  if [ $rc -ne 0 ] && [ $rc -ne 3 ]; then
    echo "FAIL: conflictlint exited $rc in $dir"; head -20 "$report.stderr"; return 1
  fi
}

status=0 total_before=0 total_after=0 total_applied=0
for m in $modules; do
  dir=bench/corpus/$m
  mapfile -t patterns < "$dir/patterns"
  (cd "$dir" && go mod download)
  lint "$dir" "$out/$m.before.json" "${patterns[@]}" || { status=1; continue; }
  before=$(findings "$out/$m.before.json") fixes=$(fixable "$out/$m.before.json")
  if [ "$fixes" -eq 0 ]; then
    echo "== $m: $before findings, none with a fix"
    total_before=$((total_before + before)) total_after=$((total_after + before))
    continue
  fi

  # A scratch copy of the corpus module, and of each upstream module that a
  # fix edits, made writable and put in place of the cached one.
  scratch=$out/$m
  rm -rf "$scratch" && mkdir -p "$scratch/src" && cp "$dir"/go.mod "$dir"/go.sum "$scratch/"
  mapfile -t moddirs < <(jq -r '.[] | .[] | arrays | .[] | .suggested_fixes[]?.edits[].filename' "$out/$m.before.json" |
    sed -n "s|^$GOMODCACHE/\([^@]*@[^/]*\)/.*|\1|p" | sort -u)
  for md in "${moddirs[@]}"; do
    mod=$(printf '%s' "${md%@*}" | sed 's/!\(.\)/\U\1/g') # the cache escapes capitals as !x
    mkdir -p "$(dirname "$scratch/src/$md")"
    cp -r "$GOMODCACHE/$md" "$scratch/src/$md" && chmod -R u+w "$scratch/src/$md"
    (cd "$scratch" && go mod edit -replace "$mod=./src/$md")
  done
  cp -r "$scratch/src" "$out/$m.pristine"

  rc=0
  (cd "$scratch" && "$bin" -fix "${patterns[@]}" 2>"$out/$m.fix.stderr") || rc=$?
  summary=$(grep 'applied [0-9]* fix' "$out/$m.fix.stderr" || true)
  applied=$(sed -n 's/.*applied \([0-9]*\) fix.*/\1/p' <<<"$summary")
  if { [ $rc -ne 0 ] && [ $rc -ne 3 ]; } || [ -z "$applied" ]; then
    echo "FAIL $m: conflictlint -fix exited $rc"; head -20 "$out/$m.fix.stderr"; status=1; continue
  fi

  # The packages whose files the fixes changed must build, with their tests.
  pkgs=()
  while read -r f; do
    # f is <module dir>@<version>/<path>; the package is its directory.
    md=${f%%@*}@$(cut -d/ -f1 <<<"${f#*@}")
    rel=$(dirname "${f#"$md"}") rel=${rel#/}
    mod=$(printf '%s' "${md%@*}" | sed 's/!\(.\)/\U\1/g')
    pkgs+=("$mod${rel:+/$rel}")
  done < <(diff -rq "$out/$m.pristine" "$scratch/src" | sed -n "s|^Files $out/$m.pristine/\(.*\) and .* differ$|\1|p")
  mapfile -t pkgs < <(printf '%s\n' "${pkgs[@]}" | sort -u)
  build=ok
  if ! (cd "$scratch" && go build "${pkgs[@]}" && go test -c -o "$out/$m.tests/" "${pkgs[@]}") >"$out/$m.build.log" 2>&1; then
    build=FAILED status=1
    head -30 "$out/$m.build.log"
  fi

  lint "$scratch" "$out/$m.after.json" "${patterns[@]}" || { status=1; continue; }
  after=$(findings "$out/$m.after.json")
  # Nothing new: every finding after the fix was there before. Every fixed
  # finding gone: none of those with a fix is left, except the ones whose
  # fix -fix left out for overlapping another.
  keys "$out/$m.before.json" >"$out/$m.before.keys"
  keys "$out/$m.before.json" fixable >"$out/$m.fixable.keys"
  keys "$out/$m.after.json" >"$out/$m.after.keys"
  new=$(comm -13 "$out/$m.before.keys" "$out/$m.after.keys" | wc -l)
  # after, less the findings that had no fix: the fixed ones still there
  # (and the new ones).
  left=$(($(comm -23 "$out/$m.after.keys" <(comm -23 "$out/$m.before.keys" "$out/$m.fixable.keys") | wc -l) - new))
  overlapping=$(sed -n 's/.*; \([0-9]*\) fix.* left out.*/\1/p' <<<"$summary")
  verdict=ok
  if [ "$new" -ne 0 ]; then
    verdict="FAILED: $new new findings" status=1
    comm -13 "$out/$m.before.keys" "$out/$m.after.keys" | head -5
  elif [ "$left" -gt "${overlapping:-0}" ]; then
    verdict="FAILED: $left fixed findings still reported" status=1
    comm -12 "$out/$m.fixable.keys" "$out/$m.after.keys" | head -5
  fi
  echo "== $m: $before findings, $fixes with a fix; $summary; ${#pkgs[@]} packages touched, build $build; $after findings after: $verdict"
  # The fixed sources are kept as a diff; the copies and test binaries go
  # (KEEP=1 keeps them), since a corpus module's copies take gigabytes.
  diff -ru "$out/$m.pristine" "$scratch/src" >"$out/$m.fix.diff" || true
  [ -n "${KEEP:-}" ] || rm -rf "$out/$m.pristine" "$scratch/src" "$out/$m.tests"
  total_before=$((total_before + before)) total_after=$((total_after + after)) total_applied=$((total_applied + applied))
done
echo "total: $total_before findings before, $total_applied fixes applied, $total_after findings after"
exit $status
