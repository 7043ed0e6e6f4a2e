#!/usr/bin/env bash
# Replay through URLSession.shared: the stub server's socket against URLSession interception, in one process.
#
# usage: Benchmarks/run-interception.sh [--pin CPUS] [bench-interception options ...]
#   --pin CPUS  run under `taskset -c CPUS` (default: not pinned: URLSession's threads, the Swift pool and
#               the server's connection threads share both cores, as in a test run)
#   bench-interception options, passed on as they are: --rounds 5  --requests 2000  --tasks 8
#               --requests-per-task 1000  --warmup 200
#   env:        SKIP_BUILD=1 (use the release binary already built)
#               QUICK=1 (2 rounds of a few hundred requests: a smoke run, not for numbers)
#               NOISY_PCT=25, QUIET_WAIT=30 (before starting, wait up to QUIET_WAIT s until other
#               processes use at most NOISY_PCT % of a core)
#
# Builds bench-interception in release, waits for a quiet machine, runs it, and writes its table (plus
# the machine, the commit, the load average and what other processes used meanwhile) to
# Benchmarks/results/interception-<UTC timestamp>.txt; every round's figures go to stderr and to
# interception-<UTC timestamp>.log beside it. The default run takes under a minute on an idle machine.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
runner=()
args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --pin) runner=(taskset -c "$2"); shift ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        *) args+=("$1") ;;
    esac
    shift
done
[ "${QUICK:-0}" != 1 ] || args=(--rounds 2 --requests 300 --requests-per-task 50 --warmup 50 ${args[@]+"${args[@]}"})

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    echo "building (release)…" >&2
    # Manifest caching misses files added to the root package (a path dependency) since the last build.
    swift build -c release --package-path "$here" --product bench-interception --disable-build-manifest-caching >&2
fi
bin="$(swift build -c release --package-path "$here" --show-bin-path)/bench-interception"

mkdir -p "$here/results"
prefix="$here/results/interception-$(date -u +%Y%m%dT%H%M%SZ)"
out="$prefix.txt" log="$prefix.log" hz="$(getconf CLK_TCK)"
# Busy time of the whole machine (user + nice + system + steal), in clock ticks.
busy_ticks() { awk '$1 == "cpu" { print $2 + $3 + $4 + $9; exit }' /proc/stat; }
for second in $(seq 1 "${QUIET_WAIT:-30}") none; do
    if [ "$second" = none ]; then echo "(the machine stayed busy; measuring anyway)" >&2; break; fi
    before="$(busy_ticks)"; sleep 1
    [ $(( ($(busy_ticks) - before) * 100 / hz )) -gt "${NOISY_PCT:-25}" ] || break
done

{
    echo "date: $(date -u +%FT%TZ)"
    echo "command: Benchmarks/run-interception.sh${runner[*]:+ --pin ${runner[2]}}${args[*]:+ ${args[*]}}"
    echo "root package commit: $(git -C "$here/.." rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$here/.." status --porcelain -- Sources 2>/dev/null | grep -q . && echo ' (Sources modified)' || true)"
    echo "swift: $(swift --version 2>&1 | grep -m1 'Swift version')"
    echo "kernel: $(uname -r)  cpus: $(nproc)  cpu: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
    echo
} > "$out"

start_ticks="$(busy_ticks)"
start_ns="$(date +%s%N)"
set +e
${runner[@]+"${runner[@]}"} "$bin" ${args[@]+"${args[@]}"} 2> >(tee "$log" >&2) | tee -a "$out"
status="${PIPESTATUS[0]}"
set -e
end_ns="$(date +%s%N)"
end_ticks="$(busy_ticks)"
wait

# What everything but the benchmark used during the run, in % of one core: the machine's busy time less
# the benchmark's own CPU time (its last line), over the run's wall time.
own_s="$(sed -n 's/^Process: wall [0-9.]* s, CPU \([0-9.]*\) s.*/\1/p' "$out" | tail -1)"
other="$(awk -v t="$((end_ticks - start_ticks))" -v hz="$hz" -v own="${own_s:-nan}" -v ns="$((end_ns - start_ns))" \
    'BEGIN { if (own == "nan") { print "n/a"; exit } v = (t / hz - own) * 100 / (ns / 1e9); printf "%.0f", (v < 0 ? 0 : v) }')"
{
    echo
    echo "other processes (and steal) used ~${other} % of a core during the run"
    [ "$status" = 0 ] || echo "bench-interception exited with status $status"
} | tee -a "$out"
echo "results: $out (rounds: $log)" >&2
exit "$status"
