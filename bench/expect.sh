#!/usr/bin/env bash
# Records, or checks, each corpus directory's findings: the file
# bench/corpus/<name>/findings.txt holds what the standalone command (the
# channel users run) reports on that directory's patterns, in the default
# mode, one finding a line, positions relative to the module cache
# (module@version/path:line:col), sorted. It is committed, so a rule change
# shows its whole effect on the corpus as the diff of these files: one run
# per directory, and every changed line is a finding to explain. Not part
# of `go test ./...`.
#
#   bench/expect.sh                       # rewrite every directory's findings.txt
#   MODULES="snapshotter flux" bench/expect.sh
#   CHECK=1 bench/expect.sh               # compare instead of rewrite; exit 1 on a difference
#   P=2 bench/expect.sh                   # parallelism of the build and analysis (default 1)
#   MIN_FREE_KB=10000000 bench/expect.sh  # stop when less disk is free (default about 5 GB)
#   DEPS=export bench/expect.sh           # load dependencies from export data, as users run it
#
# By default the dependencies are type-checked from source and their syntax
# dropped (CONFLICTLINT_DEPS_FROM_SOURCE=1), which gives the same findings
# as the export data a user's run reads, without compiling every dependency
# into the build cache: a cold directory costs a minute or two and no disk
# instead of up to twenty minutes and gigabytes. One difference remains
# (see depsFromSourceEnv in cmd/conflictlint/driver.go): from source, a fix
# may find the package it imports where export data hides it, so a line
# that differs only in its fix is checked again with DEPS=export, as is
# any other difference before it is explained.
#
# A directory whose run fails (a panic, a load or analysis error, an exit
# status other than 0 or 3) keeps its old file and makes the script exit 1.
# Each directory's time is printed, so a slow one shows.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
command -v jq >/dev/null || { echo "expect.sh: needs jq (apt-get install jq)" >&2; exit 2; }
all=$(cd bench/corpus && for d in */; do printf '%s %s\n' "$(wc -l <"$d/patterns")" "${d%/}"; done | sort -n | cut -d' ' -f2)
modules=${MODULES:-$all}
P=${P:-1}
export GOMAXPROCS=$P GOFLAGS="-p=$P"
if [ "${DEPS:-source}" = source ]; then
  export CONFLICTLINT_DEPS_FROM_SOURCE=1
fi
cache=$(go env GOMODCACHE)
bin=$(mktemp -d)/conflictlint
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/conflictlint || exit 1

# A cold directory can add gigabytes to the build cache; a full disk makes
# the go command fail part way and a directory's run with it. Stop first.
min_free_kb=${MIN_FREE_KB:-5000000}
status=0
for m in $modules; do
  free_kb=$(df -Pk "$(go env GOCACHE)" | awk 'NR==2 {print $4}')
  if [ "$free_kb" -lt "$min_free_kb" ]; then
    echo "STOP before $m: $((free_kb / 1024)) MiB free under the build cache (MIN_FREE_KB=$min_free_kb); free space (go clean -cache, module zips) and run again" >&2
    exit 1
  fi
  dir=bench/corpus/$m
  mapfile -t patterns <"$dir/patterns"
  start=$(date +%s)
  (cd "$dir" && go mod download) || { echo "FAIL $m: go mod download"; status=1; continue; }
  rc=0
  (cd "$dir" && "$bin" -json "${patterns[@]}") >"$bin.json" 2>"$bin.err" || rc=$?
  if [ $rc -ne 0 ] && [ $rc -ne 3 ]; then
    echo "FAIL $m: conflictlint exited $rc"; head -20 "$bin.err"; status=1; continue
  fi
  # One line a finding: position, analyzer, message, and how many fixes
  # with how many edits (a fix that changes shows as a changed line too).
  jq -r --arg cache "$cache/" '.[] | .[] | .[] |
      [(.posn | ltrimstr($cache)), .category, .message,
       "fixes=\([.suggested_fixes[]? | (.edits | length)] | join(","))"] | @tsv' "$bin.json" |
    LC_ALL=C sort -u >"$bin.txt"
  if [ "${CHECK:-}" = 1 ]; then
    if diff -u "$dir/findings.txt" "$bin.txt" >"$bin.diff"; then
      echo "same $m: $(wc -l <"$bin.txt") findings, $(($(date +%s) - start))s"
    else
      echo "DIFFERENT $m: $(($(date +%s) - start))s"; sed 's/^/  /' "$bin.diff"; status=1
    fi
  else
    mv "$bin.txt" "$dir/findings.txt"
    echo "$m: $(wc -l <"$dir/findings.txt") findings, $(($(date +%s) - start))s"
  fi
done
exit $status
