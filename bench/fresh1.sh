#!/usr/bin/env bash
# Runs conflictlint over the "fresh1" corpus: twelve operators from the
# independent measurement of issue 36 (docs/corpus-fresh1.md). Not part of
# `go test ./...`.
#
# Unlike bench/corpus.sh, these modules cannot be pinned by a go.mod require:
# the module proxy refuses every one of the pinned commits (403 on the
# pseudo-version's .info). So each one is analyzed inside a work tree of its
# own repository at the pinned commit, with its own go.mod and go.sum; its
# dependencies still come through the module proxy.
#
#   bench/fresh1.sh                       # every module of bench/fresh1/modules.tsv
#   MODULES="zalando cass" bench/fresh1.sh
#   SRC=/work/corpus-fresh1 bench/fresh1.sh   # where the work trees are (default)
#   BIN=/tmp/cl-main bench/fresh1.sh      # a prebuilt binary (default: build this checkout)
#   LIST=1 bench/fresh1.sh                # also rewrite bench/fresh1/<name>/failed
#   LIST=only bench/fresh1.sh             # only that, no analysis
#
# Work trees: $SRC/<name> must hold the repository's files at the commit in
# modules.tsv. If it is missing, the script makes it from a bare mirror
# ($MIRROR/<owner>+<repo>/repo, the layout the project's fetch tool leaves)
# with `git archive`, and, when there is no mirror, from a shallow clone of
# github.com/<owner>/<repo>. The commit used is written to
# $SRC/<name>/.fresh1-commit and checked on every run.
#
# Patterns: bench/fresh1/<name>/patterns holds the patterns analyzed, `./...`
# for every module (the independent measurement ran that way, tests included;
# packages that do not load are reported as errors on stderr and the others
# are analyzed). LIST=1 writes bench/fresh1/<name>/failed: the packages with a
# variant (package, in-package test, external test) that `go list -e -test`
# cannot load, with the first error (a dependency the proxy refuses, in
# every case so far). Type errors (a test using generated mocks that are not
# checked in) show only in <name>.stderr.
#
# Output in $OUT (default bench/out/fresh1): <name>.json (conflictlint -json),
# <name>.stderr, and findings.tsv (module, analyzer, file:line, message).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
SRC=${SRC:-/work/corpus-fresh1}
MIRROR=${MIRROR:-/work/.mirror}
out=$(mkdir -p "${OUT:-bench/out/fresh1}" && cd "${OUT:-bench/out/fresh1}" && pwd)
manifest=bench/fresh1/modules.tsv
modules=${MODULES:-$(grep -v '^#' "$manifest" | cut -f1 | tr '\n' ' ')}
P=${P:-1}
export GOMAXPROCS=$P GOFLAGS="-p=$P"
command -v jq >/dev/null || { echo "fresh1.sh: needs jq" >&2; exit 2; }

if [ -z "${BIN:-}" ]; then
  BIN=$out/conflictlint
  go build -o "$BIN" ./cmd/conflictlint
fi

worktree() { # name repo commit
  local dir=$SRC/$1 bare=$MIRROR/${2/\//+}/repo
  if [ ! -d "$dir" ]; then
    mkdir -p "$dir"
    if [ -d "$bare" ]; then
      # A mirror may lack a large non-Go blob (vmop's CRD overlay): archive
      # the paths whose objects are present.
      git --git-dir="$bare" ls-tree -r -z --name-only "$3" |
        while IFS= read -r -d '' p; do
          git --git-dir="$bare" cat-file -e "$3:$p" 2>/dev/null && printf '%s\0' "$p"
        done | xargs -0 git --git-dir="$bare" archive "$3" -- | tar -x -C "$dir"
    else
      git clone -q --filter=blob:none --no-checkout "https://github.com/$2" "$dir"
      git -C "$dir" checkout -q "$3"
    fi
    echo "$3" >"$dir/.fresh1-commit"
  fi
  local have
  have=$(cat "$dir/.fresh1-commit" 2>/dev/null || git -C "$dir" rev-parse HEAD)
  [ "$have" = "$3" ] || { echo "fresh1.sh: $dir is at $have, want $3" >&2; return 1; }
}

listpatterns() { # name
  local dir=$SRC/$1 meta=bench/fresh1/$1
  mkdir -p "$meta"
  # One line per package variant: base import path, then the error if any.
  (cd "$dir" && go list -e -test -f '{{.ImportPath}}{{"\t"}}{{with .Error}}{{printf "%q" .Err}}{{else}}{{with .DepsErrors}}{{printf "%q" (index . 0).Err}}{{end}}{{end}}' ./...) |
    awk -F'\t' '{ p=$1; sub(/ \[.*$/, "", p); sub(/\.test$/, "", p); sub(/_test$/, "", p)
                  if (!(p in err)) { err[p]=""; order[n++]=p }
                  if ($2 != "" && err[p] == "") err[p]=$2 }
           END { for (i=0;i<n;i++) { p=order[i]; if (err[p]=="") print p > "/dev/stdout"; else print p "\t" err[p] > "/dev/stderr" } }' \
      >/dev/null 2>"$meta/failed"
}

status=0
for m in $modules; do
  IFS=$'\t' read -r _ repo commit < <(grep -P "^$m\t" "$manifest")
  worktree "$m" "$repo" "$commit" || { status=1; continue; }
  if [ -n "${LIST:-}" ]; then listpatterns "$m"; fi
  [ "${LIST:-}" = only ] && continue
  mapfile -t patterns <"bench/fresh1/$m/patterns"
  echo "== $m: ${patterns[*]} ($(cat "bench/fresh1/$m/failed" 2>/dev/null | wc -l) packages do not list)"
  rc=0
  (cd "$SRC/$m" && "$BIN" -json "${patterns[@]}" >"$out/$m.json" 2>"$out/$m.stderr") || rc=$?
  if grep -q '^panic:\|goroutine [0-9]* \[running\]' "$out/$m.stderr" || { [ $rc -ne 0 ] && [ $rc -ne 3 ]; }; then
    echo "FAIL $m: conflictlint exited $rc"; head -20 "$out/$m.stderr"; status=1
  fi
done

for m in $modules; do
  [ -s "$out/$m.json" ] || continue
  jq -r --arg m "$m" '.. | objects | select(has("posn") and has("message")) |
    [$m, (.category // .analyzer // ""), .posn, .message] | @tsv' "$out/$m.json"
done >"$out/findings.tsv"
echo "findings by module and analyzer:"
cut -f1,2 "$out/findings.tsv" | sort | uniq -c
exit $status
