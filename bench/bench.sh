#!/usr/bin/env bash
# Benchmark: conflictlint against (a) the same cmd/conflictlint binary built
# with a suite of one no-op analyzer (bench/noop/noop.go.in, added with
# go build -overlay), the floor of loading and type-checking, and (b) go vet
# with its default analyzers, on the corpus of bench/corpus.sh, in one run;
# and conflictlint run as go vet's tool, beside (b).
# Not part of `go test ./...`.
#
#   bench/bench.sh                       # RUNS=3 rounds over every module
#   RUNS=5 MODULES="certmanager" P=2 bench/bench.sh
#   WARMUP=0 RUNS=1 bench/bench.sh       # build cache already warm
#   TOOLS="noop conflictlint" RUNS=5 bench/bench.sh   # only the driver ratio
#   BASE=00f57e6 TOOLS="noop conflictlint base" RUNS=4 bench/bench.sh
#                                        # a commit's driver beside this tree's, in the same rounds
#
# Each round runs, for every module and in a rotating order, every tool
# under GNU time (wall, user+sys CPU, peak resident set of the largest
# single process: go vet runs one small vet process per package, the
# standalone driver one process for everything) after one warm-up round
# that fills the build cache for all of them. A tool's figure for a round is
# the sum over modules (peak memory: the largest); the table reports the
# median round. corpusstats then gives each analyzer's own time. Output:
# $OUT/bench.md (default bench/out).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=$(mkdir -p "${OUT:-bench/out}" && cd "${OUT:-bench/out}" && pwd)
modules=${MODULES:-"flux certmanager keda knative clusterapi argorollouts"}
RUNS=${RUNS:-3}
P=${P:-2}
TIME=/usr/bin/time
if ! "$TIME" -f %e true >/dev/null 2>&1; then
  echo "bench.sh: needs GNU time at $TIME (Debian package 'time': apt-get install time)" >&2
  exit 2
fi
command -v jq >/dev/null || { echo "bench.sh: needs jq (apt-get install jq)" >&2; exit 2; }
export GOMAXPROCS=$P GOFLAGS="-p=$P" GOMODCACHE=$(go env GOMODCACHE)

go build -o "$out/conflictlint" ./cmd/conflictlint
overlay=$(mktemp)
trap 'rm -f "$overlay"' EXIT
printf '{"Replace":{"%s":"%s"}}\n' "$root/analyzer/zz_bench_noop.go" "$root/bench/noop/noop.go.in" >"$overlay"
go build -overlay "$overlay" -o "$out/noop" ./cmd/conflictlint
go build -o "$out/corpusstats" ./bench/cmd/corpusstats
# base: the driver of commit $BASE, measured in the same rounds as this
# tree's, so that the two share each round's noise (which on a 2-core
# machine is larger than most changes of the analysis).
if [ -n "${BASE:-}" ]; then
  basetree=$(mktemp -d)
  git worktree add -q --detach "$basetree" "$BASE"
  (cd "$basetree" && go build -o "$out/base" ./cmd/conflictlint)
  git worktree remove --force "$basetree"
fi

# measure TOOL MODULE: appends "tool module wall user sys maxrss_kb".
measure() {
  local tool=$1 m=$2 dir=bench/corpus/$2 t
  mapfile -t pats <"$dir/patterns"
  t=$(mktemp)
  case $tool in
  noop | conflictlint | base) (cd "$dir" && "$TIME" -o "$t" -f '%e %U %S %M' "$out/$tool" "${pats[@]}" >/dev/null 2>&1) || true ;;
  # go vet caches its results: a -printf.funcs value of its own (a name
  # no code calls) changes vet's cache key, so every run vets again while
  # compiled dependencies stay cached, as they do for the other tools.
  # govet-cached is what a second go vet run of unchanged code costs.
  govet) (cd "$dir" && "$TIME" -o "$t" -f '%e %U %S %M' go vet -printf.funcs="benchNoSuchFunc$RANDOM$RANDOM" "${pats[@]}" >/dev/null 2>&1) || true ;;
  govet-cached) (cd "$dir" && "$TIME" -o "$t" -f '%e %U %S %M' go vet "${pats[@]}" >/dev/null 2>&1) || true ;;
  # conflictlint as go vet's tool: one process per package, as go vet
  # runs. A retry wrapper of its own (a name no code declares) keeps vet
  # from reusing the last run's results, as -printf.funcs does above.
  vettool) (cd "$dir" && "$TIME" -o "$t" -f '%e %U %S %M' go vet -vettool="$out/conflictlint" -retry-wrappers="example.com/bench.NoSuch$RANDOM$RANDOM" "${pats[@]}" >/dev/null 2>&1) || true ;;
  esac
  echo "$tool $m $(tail -1 "$t")" >>"$out/bench.raw"
  rm -f "$t"
}

# prime MODULE: runs the no-op driver on the module once, untimed, so that
# the first tool measured on a module does not pay alone for what the
# previous module's runs left cold (a go list right after a go vet run is
# slower; the page cache holds another module's files).
prime() {
  local dir=bench/corpus/$1
  mapfile -t pats <"$dir/patterns"
  (cd "$dir" && "$out/noop" "${pats[@]}" >/dev/null 2>&1) || true
}

read -r -a tools <<<"${TOOLS:-noop conflictlint vettool govet govet-cached}"
: >"$out/bench.raw"
: >"$out/bench.rounds"
if [ "${WARMUP:-1}" != 0 ]; then
  echo "warm-up round"
  for m in $modules; do for tool in "${tools[@]}"; do measure "$tool" "$m"; done; done
fi
: >"$out/bench.raw"
: >"$out/bench.all"
for ((r = 1; r <= RUNS; r++)); do
  echo "round $r/$RUNS"
  for m in $modules; do
    prime "$m"
    for ((i = 0; i < ${#tools[@]}; i++)); do measure "${tools[(i + r) % ${#tools[@]}]}" "$m"; done
  done
  for tool in "${tools[@]}"; do
    awk -v tool="$tool" -v r="$r" '$1 == tool { w += $3; c += $4 + $5; if ($6 > m) m = $6 } END { print tool, r, w, c, m }' "$out/bench.raw"
  done >>"$out/bench.rounds"
  awk -v r="$r" '{ print r, $0 }' "$out/bench.raw" >>"$out/bench.all"
  : >"$out/bench.raw"
done

# The analysis's CPU time and each analyzer's own time, summed over the
# corpus (one extra run).
for m in $modules; do
  mapfile -t pats <"bench/corpus/$m/patterns"
  (cd "bench/corpus/$m" && "$out/corpusstats" -o "$out/$m.bench-stats.json" "${pats[@]}" 2>/dev/null) || true
done
jq -s '{
  analyzers: (map(.relevant.seconds, .irrelevant.seconds, .dependencies.seconds) | map(to_entries[]) | group_by(.key) | map({(.[0].key): (map(.value) | add)}) | add),
  irrelevant: (map(.irrelevant.seconds | to_entries[] | .value) | add),
  dependencies: (map(.dependencies.seconds | to_entries[] | .value) | add),
  dependency_units: (map(.dependencies.units) | add),
  irrelevant_units: (map(.irrelevant.units) | add),
  relevant_units: (map(.relevant.units) | add),
  functions: (map(.relevant.functions + .irrelevant.functions) | add),
  relevant_functions: (map(.relevant.functions) | add),
  graphs: (map(.graphs_built) | add),
  ssa: (map(.ssa_functions) | add),
  load: (map(.load_seconds) | add),
  analyze_cpu: (map(.analyze_cpu_seconds) | add),
  program_cpu: (map(.program_cpu_seconds) | add)
}' "$out"/*.bench-stats.json >"$out/bench-analyzers.json"

# The median round of each tool, and the ratios.
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
declare -A W C M
for tool in "${tools[@]}"; do
  W[$tool]=$(awk -v t="$tool" '$1 == t { print $3 }' "$out/bench.rounds" | tail -n "$RUNS" | median)
  C[$tool]=$(awk -v t="$tool" '$1 == t { print $4 }' "$out/bench.rounds" | tail -n "$RUNS" | median)
  M[$tool]=$(awk -v t="$tool" '$1 == t { print $5 }' "$out/bench.rounds" | tail -n "$RUNS" | median)
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
{
  echo "machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), $(free -g | awk '/Mem:/ { print $2 }') GiB, $(go version | cut -d' ' -f3), GOMAXPROCS=$P, -p=$P, load average at start $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "modules: $modules; $RUNS rounds, median round"
  echo
  echo "| tool | wall s | CPU s | peak RSS MiB |"
  echo "| --- | --- | --- | --- |"
  for tool in "${tools[@]}"; do
    printf '| %s | %.1f | %.1f | %d |\n' "$tool" "${W[$tool]}" "${C[$tool]}" $((M[$tool] / 1024))
  done
  echo
  echo "| ratio | wall | CPU | peak RSS |"
  echo "| --- | --- | --- | --- |"
  row() { # row LABEL TOOL BASE: one ratio row, when both tools ran
    [ -n "${W[$2]:-}" ] && [ -n "${W[$3]:-}" ] || return 0
    echo "| $1 | $(ratio "${W[$2]}" "${W[$3]}") | $(ratio "${C[$2]}" "${C[$3]}") | $(ratio "${M[$2]}" "${M[$3]}") |"
  }
  row "conflictlint / no-op driver" conflictlint noop
  row "conflictlint / go vet" conflictlint govet
  row "conflictlint as a vet tool / go vet" vettool govet
  row "conflictlint / go vet, results cached" conflictlint govet-cached
  row "conflictlint / base (${BASE:-})" conflictlint base
  # Paired within a round, a module's two runs share whatever the machine
  # was doing then: steadier than the ratio of two medians.
  paired() { # paired OVER MODULE-OR-ALL: conflictlint's CPU over OVER's, per round, median
    awk -v o="$1" -v m="$2" '($3 == m || m == "all") { if ($2 == o) n[$1] += $5 + $6; if ($2 == "conflictlint") c[$1] += $5 + $6 }
      END { for (r in n) if (n[r] > 0 && r in c) print c[r] / n[r] }' "$out/bench.all" | median
  }
  for over in noop base; do
    [ -n "${W[$over]:-}" ] && [ -n "${W[conflictlint]:-}" ] || continue
    echo
    echo "conflictlint's CPU time over the $over driver's in the same round, median of the rounds:"
    for m in $modules; do echo "- $m: $(paired "$over" "$m" | xargs printf '%.3f')"; done
    echo "- all modules: $(paired "$over" all | xargs printf '%.3f')"
  done
  echo
  jq -r '"analysis CPU (corpusstats, one run per module): \(.analyze_cpu * 100 | round / 100) s, and \(.program_cpu * 100 | round / 100) s more for the whole program'"'"'s grader"' "$out/bench-analyzers.json"
  echo "each analyzer's own time, one action at a time, summed over all packages (s):"
  jq -r '.analyzers | to_entries[] | "- \(.key): \(.value * 1000 | round / 1000)"' "$out/bench-analyzers.json"
  jq -r '"- in the \(.irrelevant_units) package units that never use the Kubernetes API, all analyzers together: \(.irrelevant * 1000 | round / 1000) s (\(.relevant_units) units use it)",
         "- functions: \(.functions) analyzed (\(.relevant_functions) in relevant packages), \(.graphs) got a control-flow graph, \(.ssa) got SSA",
         "- loading and type-checking (corpusstats): \(.load * 10 | round / 10) s"' "$out/bench-analyzers.json"
} | tee "$out/bench.md"
