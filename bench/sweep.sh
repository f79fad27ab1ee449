#!/usr/bin/env bash
# Crash sweep: runs the conflictlint binary (built from ./cmd/conflictlint
# of the last commit at the start of the run) with -json, tests included, over every package of
# the evaluation corpus (bench/corpus/<name>, patterns from its `patterns`
# file) and over whole Kubernetes modules from the module cache, and reports
# every package on which an analyzer panics or returns an error. Not part of
# `go test ./...`; it takes hours.
#
#   nohup nice -n 15 bench/sweep.sh >bench/out/sweep.log 2>&1 &   # everything, one unit at a time
#   RESUME=1 bench/sweep.sh                 # go on after an interrupted run
#   CORPUS="flux keda" MODULES="k8s.io/client-go@v0.37.2" bench/sweep.sh
#   CORPUS= MODULES=... bench/sweep.sh      # cache modules only
#   BIN=/path/conflictlint BINREV=7bc1d02 RESUME=1 bench/sweep.sh  # go on with the same binary
#
# A cache module is analyzed in a throwaway copy of its directory
# ($WORKDIR, default /tmp/conflictlint-sweep, made writable, `go mod download` there) with the
# packages of `./...`; a replacement by a nested module, which the zip lacks
# (cluster-api's ./api, k8s.io/kubernetes's ./staging), points at the
# published module of the same release instead. Large
# package lists are cut into chunks of at most $CHUNK import paths (memory)
# and $ARGMAX characters: go/packages splits a longer list into several `go
# list` runs at once, which then compile the same cold dependencies twice. A
# process that dies with a Go panic (the old form: goroutine dump, exit 2)
# is bisected down to the package that panics; an analyzer panic turned
# into an action error (`<pkg>: <analyzer>: ...panic...`) is read from -json.
#
# Counting: the roots of each run are `go list -e -test` on the same
# patterns; a root is analyzed unless its package failed to load or
# type-check (the driver's "analysis skipped due to errors in package").
# Distinct packages are import paths with test variants folded into their
# package (p [p.test] and p_test count as p; the generated p.test main is
# left out), each counted once across all units and versions.
#
# Output in $OUT (default bench/out, not checked in): per-unit logs under
# $OUT/sweep/, failures (panics and analysis errors, with the top
# conflictlint stack frame) in $OUT/sweep-failures.txt as they are found,
# load failures in $OUT/sweep/load-failures.txt, and the last line
#   sweep: packages N panics P errors E
# Exit status 0 when no package panicked or errored, 1 otherwise.
#
# Shared machine: GOMAXPROCS=$P, -p=$P (default 1), run it under nice; the
# build cache is cleaned when less than $MINFREE_GB GB are left on the disk.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=$(mkdir -p "${OUT:-bench/out}" && cd "${OUT:-bench/out}" && pwd)
sw=$out/sweep
mkdir -p "$sw"
command -v jq >/dev/null || { echo "sweep.sh: needs jq" >&2; exit 2; }

CORPUS=${CORPUS-$(cd bench/corpus && ls -d */ | tr -d /)}
MODULES=${MODULES-"k8s.io/client-go@v0.37.2 k8s.io/api@v0.37.2 k8s.io/apimachinery@v0.37.2
  k8s.io/code-generator@v0.37.2 k8s.io/apiserver@v0.37.2 k8s.io/component-base@v0.37.2
  k8s.io/apiextensions-apiserver@v0.37.2 k8s.io/kube-aggregator@v0.37.2 k8s.io/kubectl@v0.36.4
  k8s.io/cli-runtime@v0.37.0 k8s.io/component-helpers@v0.37.2 k8s.io/controller-manager@v0.37.2
  k8s.io/cloud-provider@v0.37.2 sigs.k8s.io/controller-runtime@v0.24.1
  sigs.k8s.io/cluster-api@v1.14.2 sigs.k8s.io/gateway-api@v1.6.3
  sigs.k8s.io/controller-tools@v0.21.0 sigs.k8s.io/kustomize/api@v0.21.1
  sigs.k8s.io/kustomize/kyaml@v0.21.1 k8s.io/kubernetes@v1.36.3"}
P=${P:-1}
CHUNK=${CHUNK:-300}
ARGMAX=${ARGMAX:-16000} # below go/packages' 16383-character split (packages.go, safeArgMax)
MINFREE_GB=${MINFREE_GB:-10}
WORKDIR=${WORKDIR:-${TMPDIR:-/tmp}/conflictlint-sweep} # throwaway module copies
BISECT_MAX=${BISECT_MAX:-60} # runs spent bisecting crashes, per unit

export GOMAXPROCS=$P GOFLAGS="-p=$P -buildvcs=false" GOTOOLCHAIN=local GOMODCACHE=$(go env GOMODCACHE)
start=$(date +%s)
bin=${BIN:-$sw/conflictlint} # BIN: a binary to sweep instead of building one
if [ -n "${BIN:-}" ]; then # the work tree's commit says nothing about it; BINREV may name its source
  echo "sweep: conflictlint binary $BIN${BINREV:+, built from $BINREV}" | tee -a "$sw/commit.txt"
else
  git log -1 --format='sweep: conflictlint at %h %s' | tee -a "$sw/commit.txt"
fi
if [ -z "${BIN:-}" ]; then
  # From the last commit, not the work tree: others' unfinished edits stay out.
  src=$(mktemp -d)
  git archive HEAD | tar -x -C "$src"
  (cd "$src" && go build ${BUILDFLAGS:-} -o "$bin" ./cmd/conflictlint) || exit 2
  rm -rf "$src"
fi
failures=$out/sweep-failures.txt
if [ -z "${RESUME:-}" ]; then # RESUME=1: keep the results so far, skip the units done
  : >"$failures"
  : >"$sw/analyzed.txt"      # unit <tab> distinct package key, one per analyzed root
  : >"$sw/load-failures.txt" # unit <tab> package ID <tab> first error line
  : >"$sw/units.txt"
fi
done_unit() { cut -f1 "$sw/units.txt" | grep -qxF "$1"; }

# key folds a go list / go/packages ID into its package: the variant suffix
# goes, an xtest becomes its package; testmains (p.test) are dropped.
keys() { sed -e 's/ \[.*\]$//' | awk -F'\t' '$1 !~ /\.test$/ { print ($2 != "" ? $2 : $1) }'; }

# topframe prints the first conflictlint frame (function, file:line) of the
# goroutine that panicked in a Go traceback read from stdin.
topframe() {
  awk '/^goroutine [0-9]+ \[running\]/ { g = 1 }
       g && /^github\.com\/conflictlint\/conflictlint\// { f = $0; sub(/\([^()]*\)$/, "", f); getline; sub(/^[ \t]+/, ""); sub(/ \+0x.*/, ""); print f " " $0; exit }'
}

diskcheck() {
  local avail
  avail=$(df -BG --output=avail "$root" | tail -1 | tr -dc 0-9)
  if [ "$avail" -lt "$MINFREE_GB" ]; then
    echo "   disk: ${avail}G free, cleaning the build cache"
    go clean -cache
  fi
}

# runset UNIT TAG PKG... runs the binary on the packages in the current
# directory and records what it found; a crash (old form) is bisected.
runset() {
  local unit=$1 tag=$2; shift 2
  local log=$sw/$unit/$tag rc=0
  go list -e -test -f '{{.ImportPath}}{{"\t"}}{{.ForTest}}' -- "$@" >"$log.list" 2>"$log.list.stderr"
  "$bin" -v -json -- "$@" >"$log.json" 2>"$log.stderr" || rc=$?
  if [ $rc -ne 0 ] && [ $rc -ne 1 ] && [ $rc -ne 3 ] || grep -q '^panic: \|^fatal error: ' "$log.stderr"; then
    if [ $# -gt 1 ] && [ "$bisect_left" -gt 0 ]; then
      echo "   crash (exit $rc) on $# packages, bisecting: $(grep -m1 '^panic: ' "$log.stderr")"
      local half=$(( $# / 2 ))
      bisect_left=$(( bisect_left - 2 ))
      runset "$unit" "${tag}a" "${@:1:half}"
      runset "$unit" "${tag}b" "${@:half+1}"
      return
    fi
    local what="panic" first frame
    first=$(grep -m1 '^panic: \|^fatal error: ' "$log.stderr" || true)
    [ -n "$first" ] || { what="crash"; first="exit $rc: $(tail -1 "$log.stderr")"; }
    frame=$(topframe <"$log.stderr")
    local analyzer=${frame#github.com/conflictlint/conflictlint/}
    analyzer=${analyzer%%.*}; analyzer=${analyzer##*/}
    for p in "$@"; do
      [ $# -eq 1 ] || p="$p (one of $# crashed together, log $log.stderr)"
      printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$what" "$unit" "$p" "${analyzer:-?} (from the stack)" "$first" "$frame" | tee -a "$failures"
    done
    return
  fi
  # Action errors from -json: load failures, panics turned into errors, others.
  jq -r 'to_entries[] | .key as $p | .value | to_entries[]
    | select((.value | type) == "object" and (.value | has("error")))
    | [$p, .key, .value.error] | @tsv' "$log.json" >"$log.errors" 2>/dev/null || {
    echo "   unreadable -json output (exit $rc), see $log.stderr"
    printf 'crash\t%s\t%s\t-\texit %s, no -json output: %s\t\n' "$unit" "$*" "$rc" "$(tail -1 "$log.stderr")" | tee -a "$failures"
    return
  }
  awk -F'\t' -v u="$unit" '$3 == "analysis skipped due to errors in package" { print u "\t" $1 }' "$log.errors" | sort -u >"$log.skipped"
  local first
  while IFS=$'\t' read -r id a msg; do
    [ "$msg" = "analysis skipped due to errors in package" ] && continue
    case $msg in failed\ prerequisites*) continue ;; esac # a consequence of another action's error
    local what=error frame=
    case $msg in
    *panic*) # "internal error: A panicked [at pos]: VALUE (in F); ...", its stack under -v
      what=panic
      frame=$(awk -v a="$a" -v v="$(sed -n 's/^[^:]*: [^ ]* panicked[^:]*\(:[0-9]*:[0-9]*\)*: \(.*\) (in .*); this package.*/\2/p' <<<"$msg")" '
        index($0, "conflictlint: " a " panicked: " v) == 1 { g = 1; next }
        g && /^conflictlint: / { g = 0 }
        g && /^(panic\(|runtime\.)/ { p = 1; next }
        g && p && /^github\.com\/conflictlint\/conflictlint\// { f = $0; sub(/\([^()]*\)$/, "", f); getline; sub(/^[ \t]+/, ""); sub(/ \+0x.*/, ""); print f " " $0; exit }' "$log.stderr")
      [ -n "$frame" ] || frame=$(sed -n 's/.* (in \(.*\)); this package.*/\1/p' <<<"$msg") ;;
    esac
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$what" "$unit" "$id" "$a" "${msg%%$'\n'*}" "$frame" | tee -a "$failures"
  done <"$log.errors"
  # Roots analyzed: listed, and not skipped for errors.
  while IFS=$'\t' read -r u id; do
    printf '%s\t%s\t%s\n' "$u" "$id" "$(grep -m1 -v '^conflictlint: ' "$log.stderr" | cut -c1-300)"
  done <"$log.skipped" >>"$sw/load-failures.txt"
  cut -f2 "$log.skipped" >"$log.skipped.ids"
  awk -F'\t' -v bad="$log.skipped.ids" 'BEGIN { while ((getline l <bad) > 0) skip[l] = 1 } !($1 in skip)' "$log.list" | keys | sed "s|^|$unit\t|" >>"$sw/analyzed.txt"
}

# chunklen PKG... prints how many of the leading packages fit in one chunk.
chunklen() {
  local n=0 chars=0
  for p in "$@"; do
    chars=$(( chars + ${#p} + 1 ))
    [ $n -gt 0 ] && { [ $chars -gt "$ARGMAX" ] || [ $n -ge "$CHUNK" ]; } && break
    n=$(( n + 1 ))
  done
  echo "$n"
}

# rununit UNIT PKG...: chunks, timing, counts.
rununit() {
  local unit=$1; shift
  local t0 i=0 n
  t0=$(date +%s)
  mkdir -p "$sw/$unit"
  bisect_left=$BISECT_MAX
  printf '%s\n' "$@" >"$sw/$unit/packages.txt"
  echo "== $unit: $# packages ($(date -u +%H:%M))"
  while [ $# -gt 0 ]; do
    n=$(chunklen "$@")
    runset "$unit" "c$i" "${@:1:n}"
    shift "$n"; i=$((i + 1))
  done
  local pk lf
  pk=$(awk -F'\t' -v u="$unit" '$1 == u { print $2 }' "$sw/analyzed.txt" | sort -u | wc -l)
  lf=$(awk -F'\t' -v u="$unit" '$1 == u' "$sw/load-failures.txt" | wc -l)
  printf '%s\t%s\tpackages %d\tload-failures %d\t%ds\n' "$unit" "${version:-corpus}" "$pk" "$lf" $(( $(date +%s) - t0 )) | tee -a "$sw/units.txt"
  diskcheck
}

for mv in $MODULES; do
  mod=${mv%@*} version=${mv#*@}
  unit=$(tr '/' '_' <<<"$mod")
  done_unit "$unit" && continue
  src=$(cd / && go mod download -json "$mv" | jq -r .Dir) || { echo "== $mv: cannot download"; continue; }
  work=$WORKDIR/$unit
  rm -rf "$work"; mkdir -p "$WORKDIR"
  cp -r "$src" "$work" && chmod -R u+w "$work"
  (
    cd "$work" || exit
    export GOWORK=off GOFLAGS="$GOFLAGS -mod=mod"
    rm -rf vendor
    # Nested modules are not in the module zip: a replacement by a local
    # directory that is missing becomes the published module of the same
    # release (k8s.io/kubernetes v1.N.M: its ./staging modules are v0.N.M).
    sv=$version
    [ "$mod" = k8s.io/kubernetes ] && sv=v0.${version#v1.}
    go mod edit -json | jq -r '.Replace[]? | select(.New.Version == null) | .Old.Path + " " + .New.Path' |
      while read -r old dir; do
        [ -e "$dir/go.mod" ] || go mod edit -replace "$old=$old@$sv"
      done
    go mod download >"$sw/$unit.download.log" 2>&1 || echo "   go mod download: $(tail -1 "$sw/$unit.download.log")"
    mapfile -t pkgs < <(go list -e -f '{{.ImportPath}}' ./... 2>"$sw/$unit.list.stderr")
    rununit "$unit" "${pkgs[@]}"
  )
  rm -rf "$work"
done

for m in $CORPUS; do
  dir=bench/corpus/$m
  done_unit "corpus-$m" && continue
  mapfile -t patterns <"$dir/patterns"
  version=corpus
  (cd "$dir" && go mod download) || echo "   go mod download failed in $dir"
  (cd "$dir" && rununit "corpus-$m" "${patterns[@]}")
done

# Totals over all units: distinct packages, failures.
n=$(cut -f2 "$sw/analyzed.txt" | sort -u | wc -l)
np=$(awk -F'\t' '$1 == "panic" || $1 == "crash" { print $3 }' "$failures" | sed 's/ \[.*//' | sort -u | wc -l)
ne=$(awk -F'\t' '$1 == "error" { print $3 }' "$failures" | sed 's/ \[.*//' | sort -u | wc -l)
nl=$(cut -f2 "$sw/load-failures.txt" | sort -u | wc -l)
echo
column -t -s $'\t' "$sw/units.txt"
echo "load failures (not the tool's fault): $nl package IDs, listed in $sw/load-failures.txt"
echo "wall time: $(( ($(date +%s) - start) / 60 )) min"
if [ -s "$failures" ]; then
  echo "failed packages (kind, unit, package, analyzer, error, top conflictlint frame):"
  cat "$failures"
fi
echo "sweep: packages $n panics $np errors $ne"
[ "$np" -eq 0 ] && [ "$ne" -eq 0 ]
